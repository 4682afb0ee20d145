/**
 * `hiro-lookup verify`'s fungible-token checks against deployments that answer as upstream's own servers
 * do: a listed token whose lookup answers 422 `Token error` (its refresh ended `invalid`) must not fail a
 * healthy deployment, the user can name the FT sample (`--ft`), and an FT list page the client refuses
 * (another contract's `asset_identifier`, an echoed `limit` below the result count, one item repeated)
 * FAILs, by the client's own answer checks. In-process through runCli, against loopback servers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import type { ConformanceRow } from "../../src/cli/verify/verify.js";
import { type FakeDeployment, startFakeDeployment } from "../helpers/fake-deployment.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { specSamples } from "../helpers/spec.js";

const SAMPLES = specSamples();
const ALEX = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
const FARI = "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token";

let closing: Array<FakeDeployment | SmallServer> = [];
afterEach(async () => {
  await Promise.all(closing.map((server) => server.close()));
  closing = [];
});

type Page = { limit: number; offset: number; total: number; results: Record<string, unknown>[] };

/**
 * A conformant deployment behind a front that changes the FT list's page (`list`) and answers some
 * FT lookups itself (`ft`: a Response, or undefined to pass the request on).
 */
async function deployment(edit: {
  list?: (page: Page) => unknown;
  ft?: (principal: string) => Response | undefined;
}): Promise<{ url: string; paths: string[] }> {
  const fake = await startFakeDeployment("conformant", SAMPLES);
  closing.push(fake);
  const front = await serveWith(async (path, request) => {
    const { pathname } = new URL(path, "http://front");
    const ft = /^\/metadata\/v1\/ft\/([^/]+)$/.exec(pathname);
    const own = ft && edit.ft?.(decodeURIComponent(ft[1] ?? ""));
    if (own) return own;
    const match = request.headers["if-none-match"];
    const answer = await fetch(`${fake.url}${path}`, match ? { headers: { "if-none-match": match } } : {});
    if (pathname !== "/metadata/v1/ft" || answer.status !== 200 || !edit.list) return answer;
    return Response.json(edit.list((await answer.json()) as Page), { headers: answer.headers });
  });
  closing.push(front);
  return { url: front.url, paths: front.requests };
}

async function verify(url: string, ...extra: string[]) {
  let stdout = "";
  let stderr = "";
  const argv = ["--retries", "0", "verify", "--metadata-url", url];
  const samples = ["--principal", SAMPLES.principal, "--token-id", SAMPLES.tokenId];
  const code = await runCli([...argv, ...samples, ...extra, "--json"], {
    env: {},
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  const rows = stdout === "" ? [] : (JSON.parse(stdout) as ConformanceRow[]);
  return { code, stderr, rows, row: (check: string) => rows.find((r) => r.check === check) };
}

const tokenError = () =>
  Response.json(
    {
      error: "Token error",
      message: "Metadata could not be processed because the server responded with an error",
    },
    { status: 422 },
  );

describe("verify's FT sample", () => {
  // Before: the sample was the list's first token; its 422 Token error made verify exit 7 against a
  // healthy deployment.
  it("a listed token answering 422 Token error is passed over for the next; the row says which was used", async () => {
    const { url, paths } = await deployment({
      list: (page) => ({ ...page, results: [...page.results].reverse() }), // Fari first
      ft: (principal) => (principal === FARI ? tokenError() : undefined),
    });
    const { code, row } = await verify(url);
    expect(row("sample FT")).toMatchObject({ result: "pass" });
    expect(row("sample FT")?.got).toContain(ALEX);
    expect(row("sample FT")?.got).toMatch(/fari-token.*422 Token error/);
    expect(paths).toEqual(expect.arrayContaining([`/metadata/v1/ft/${FARI}`, `/metadata/v1/ft/${ALEX}`]));
    expect(code).toBe(0);
  });

  it("--ft names the sample: only it is asked, and the row says it came from --ft", async () => {
    const { url, paths } = await deployment({});
    const { code, row } = await verify(url, "--ft", ALEX);
    expect(code).toBe(0);
    expect(row("sample FT")).toMatchObject({ result: "pass", got: expect.stringContaining("--ft") });
    expect(paths.filter((p) => p.startsWith("/metadata/v1/ft/"))).toEqual([`/metadata/v1/ft/${ALEX}`]);
  });

  it("--ft with a token the service refuses FAILs (the user's sample is not passed over)", async () => {
    const { url } = await deployment({ ft: (principal) => (principal === ALEX ? tokenError() : undefined) });
    const { code, row } = await verify(url, "--ft", ALEX);
    expect(code).toBe(7);
    expect(row("sample FT")).toMatchObject({
      result: "FAIL",
      got: expect.stringMatching(/^422 Token error/),
    });
  });

  it("a malformed --ft is a usage error naming the flag, nothing sent", async () => {
    const { code, stderr } = await verify(
      "http://127.0.0.1:1",
      "--ft",
      "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex::alex",
    );
    expect(code).toBe(2);
    expect(stderr).toMatch(/--ft: /);
  });
});

describe("verify FAILs an FT list page the client refuses (the client's own answer checks)", () => {
  // Before: each of these passed "FT list, first page" (the body fits the schema) and verify exited 0.
  it.each([
    [
      "a token whose asset_identifier is another contract's",
      (page: Page) => ({
        ...page,
        results: page.results.map((item, i) =>
          i === 0 ? { ...item, asset_identifier: `${SAMPLES.principal}::key` } : item,
        ),
      }),
      /asset_identifier .* is not of its contract/,
    ],
    ["an echoed limit below the result count", (page: Page) => ({ ...page, limit: 1 }), /limit says 1/],
    [
      "one token twice",
      (page: Page) => ({ ...page, total: 3, results: [...page.results, page.results[0]] }),
      /the same result twice/,
    ],
  ])("%s", async (_, list, problem) => {
    const { url } = await deployment({ list });
    const { code, row } = await verify(url);
    expect(row("FT list, first page")).toMatchObject({ result: "FAIL", got: expect.stringMatching(problem) });
    expect(code).toBe(7);
  });
});
