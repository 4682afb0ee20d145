/**
 * What the compiler says to an msw override with a status the spec does not document: the way out (a
 * `Response`, `new HttpResponse(body, { status })`), not the fields of `Response`'s body stream ("missing
 * properties from ReadableStream", which sent a user looking in the wrong place). tsc runs on a snippet
 * written under .tmp/ (it must not compile, so it cannot sit in the project).
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const SNIPPET = `import { createHandlers } from "../../src/msw/index.js";
createHandlers({ overrides: { getSftMetadata: { status: 503, body: { error: "busy" } } } });
createHandlers({ overrides: { getTransactionActivity: () => ({ status: 502, body: "bad gateway" }) } });
`;

it("an undocumented status in an override: the message names new HttpResponse, not ReadableStream", async () => {
  const dir = join(ROOT, ".tmp/msw-type-message");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "override.ts"), SNIPPET);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: "../../tsconfig.json",
      compilerOptions: { noEmit: true },
      include: ["override.ts"],
    }),
  );
  const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
  const output = await promisify(execFile)(process.execPath, [tsc, "-p", dir]).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? "",
  );
  const errors = output.split("\n").filter((line) => /^\S.*error TS/.test(line));
  expect(errors).toHaveLength(2);
  expect(
    output.match(
      /an undocumented status is answered with a Response: new HttpResponse\(body, \{ status \}\)/g,
    ),
  ).toHaveLength(2);
  expect(output).not.toMatch(/ReadableStream/);
}, 120_000);
