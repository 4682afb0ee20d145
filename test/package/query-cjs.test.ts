/**
 * hiro-lookup/query under require(): the CommonJS bundles of the subpath and of the main entry, built as
 * tsup builds dist/query.cjs and dist/index.cjs. tsup does not split CommonJS builds, so anything the query module
 * decides with `instanceof` against its own copy of the error classes misjudges the client's errors.
 * Failing before the fix: TanStack's retry multiplies the client's (one 500 costs 12 requests, not 3; one
 * 404 costs 4), and a bad parameter's error is not `instanceof HiroValidationError` from "hiro-lookup".
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const exec = promisify(execFile);
/** The two CommonJS bundles, built here as tsup builds dist/ (one bundle per entry, no shared chunk). */
const OUT = mkdtempSync(join(tmpdir(), "hiro-query-cjs-"));
const MAIN = JSON.stringify(join(OUT, "index.cjs"));
const QUERY = JSON.stringify(join(OUT, "query.cjs"));

/** Runs `script` as CommonJS in the project (@tanstack/query-core from its node_modules). */
async function cjs(script: string): Promise<unknown> {
  const { stdout } = await exec(process.execPath, ["-e", script], { cwd: ROOT, timeout: 60_000 });
  return JSON.parse(stdout.trim().split("\n").pop() ?? "null");
}

const SETUP = `
const { createLookupClient, HiroValidationError } = require(${MAIN});
const { createLookupQueries } = require(${QUERY});
const { QueryClient } = require("@tanstack/query-core");
function scripted(status, body) {
  const state = { requests: 0 };
  const client = createLookupClient({ baseUrl: "http://indexer.test", maxRetries: 2, fetch: async () => {
    state.requests++;
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  } });
  return { state, q: createLookupQueries(client) };
}
// A browser's QueryClient: TanStack's own default of 3 more tries (retry not set: an app's own retry
// default is followed as set), here at once.
const browserLike = () => new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
`;

beforeAll(async () => {
  // Not dist/ itself: the package tier's other file rebuilds and runs it at the same time.
  await build({
    entryPoints: { index: join(ROOT, "src/index.ts"), query: join(ROOT, "src/query/index.ts") },
    bundle: true,
    format: "cjs",
    platform: "neutral",
    target: "es2022",
    outdir: OUT,
    outExtension: { ".js": ".cjs" },
    logLevel: "error",
  });
}, 60_000);
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe("hiro-lookup/query under require()", { timeout: 60_000 }, () => {
  it("does not multiply the client's retries: a 500 is the client's 3 requests, a 404 one", async () => {
    const result = await cjs(`${SETUP}
(async () => {
  const failing = scripted(500, { error: "boom" });
  await browserLike().fetchQuery(failing.q.getApiStatus.queryOptions(undefined)).catch(() => {});
  const missing = scripted(404, { error: "Token not found" });
  await browserLike().fetchQuery(missing.q.getSftMetadata.queryOptions({ principal, token_id: 1 })).catch(() => {});
  console.log(JSON.stringify({ on500: failing.state.requests, on404: missing.state.requests }));
})();`);
    expect(result).toEqual({ on500: 3, on404: 1 });
  });

  it("refuses a bad parameter with the main entry's HiroValidationError", async () => {
    const result = await cjs(`${SETUP}
const { q } = scripted(200, {});
try { q.getSftMetadata.queryKey({ principal: "nope", token_id: 1 }); console.log("null"); }
catch (error) { console.log(JSON.stringify({ name: error.name, isValidation: error instanceof HiroValidationError })); }`);
    expect(result).toEqual({ name: "HiroValidationError", isValidation: true });
  });
});
