/**
 * The guide's "Getting started" example, run as written (its import pointed at the source) against the
 * mock, as if each service were its own server: Hiro's metadata API, and the bitcoin-indexer's ordinals
 * and runes servers on the two ports the example names. A fetch installed before the example forwards a
 * request to the mock only if the server it is sent to serves that path, and answers 404 otherwise, as
 * a real ordinals server does for a runes path.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, inject, it } from "vitest";
import { ROOT } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
const example = /## Getting started\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";

/** Each server the example may reach, and the paths it serves (the rest: 404). */
const SERVERS = {
  "https://api.hiro.so": "/metadata/",
  "http://127.0.0.1:3000": "/ordinals/",
  "http://127.0.0.1:3001": "/runes/",
};

/** Installed with `--import` before the example: routes each request as the separate servers would. */
const routingFetch = `
const servers = ${JSON.stringify(SERVERS)};
const mock = process.env.TEST_MOCK_URL;
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const serves = servers[url.origin];
  if (serves === undefined) throw new TypeError("fetch failed: no such server in this test: " + url.origin);
  const found = url.pathname.startsWith(serves);
  process.stderr.write("served " + url.origin + " " + url.pathname + " " + (found ? "200" : "404") + "\\n");
  if (!found) return Response.json({ error: "Not found" }, { status: 404 });
  return realFetch(mock + url.pathname + url.search, { headers: request.headers, signal: request.signal });
};
`;

mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".tmp/guide-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("the guide's Getting started example sends ordinals and runes each to its own server", async () => {
  expect(example).toContain("getTransactionActivity");
  const file = join(dir, "getting-started.mts");
  writeFileSync(file, example.replace('from "hiro-lookup"', `from "${join(ROOT, "src/index.ts")}"`));
  writeFileSync(join(dir, "routing-fetch.mjs"), routingFetch);
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ["--import", join(dir, "routing-fetch.mjs"), "--import", "tsx", file],
    { cwd: ROOT, env: { ...process.env, TEST_MOCK_URL: inject("mockUrl"), HIRO_API_KEY: "" } },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`the example failed:\n${error.stderr ?? ""}${error.stdout ?? ""}`);
  });
  const served = stderr.split("\n").filter((line) => line.startsWith("served "));
  expect(served).toEqual([
    expect.stringMatching(/^served https:\/\/api\.hiro\.so \/metadata\/v1\/sft\/\S+\/35 200$/),
    expect.stringMatching(
      /^served http:\/\/127\.0\.0\.1:3000 \/ordinals\/v1\/sats\/1252201400444387\/inscriptions 200$/,
    ),
    expect.stringMatching(
      /^served http:\/\/127\.0\.0\.1:3001 \/runes\/v1\/transactions\/2bb85f4b\w+\/activity 200$/,
    ),
  ]);
  expect(stdout).toContain("key-alex-autoalex-v1 #35 250");
  expect(stdout).toContain("etching Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z");
}, 30_000);

it("the guide's Quirks say what the client does with a token_id the service would round: refuses it, sending nothing", async () => {
  const quirk = /\n- \*\*`token_id`\*\*([\s\S]*?)\n(?=- |\n)/.exec(guide)?.[1] ?? "";
  expect(quirk).toMatch(/refuses/);
  expect(quirk).toContain("HiroValidationError");
  expect(quirk).not.toMatch(/pass a `bigint`/);
  const { client, requests } = createTestClient(() => Response.json({}));
  const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
  for (const token_id of ["9007199254740993", 2n ** 64n])
    await expect(client.getSftMetadata({ principal, token_id })).rejects.toMatchObject({
      name: "HiroValidationError",
      message: expect.stringContaining("token_id"),
    });
  expect(requests).toEqual([]);
  // 2^53 itself is exact for a JavaScript number: the service addresses it, so it is sent.
  await client.getSftMetadata({ principal, token_id: 2n ** 53n });
  expect(requests).toHaveLength(1);
});
