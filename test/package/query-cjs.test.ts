/**
 * hiro-lookup/query as published, under require(): the CommonJS build of the subpath (dist/query.cjs) with
 * the main entry's (dist/index.cjs). tsup does not split CommonJS builds, so anything the query module
 * decides with `instanceof` against its own copy of the error classes misjudges the client's errors.
 * Failing before the fix: TanStack's retry multiplies the client's (one 500 costs 12 requests, not 3; one
 * 404 costs 4), and a bad parameter's error is not `instanceof HiroValidationError` from "hiro-lookup".
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { distIsCurrent } from "../../scripts/lib/dist-stamp.js";
import { ROOT } from "../helpers/spec.js";

const exec = promisify(execFile);

/** Runs `script` as CommonJS in the project (require("hiro-lookup") resolves to its own dist/). */
async function cjs(script: string): Promise<unknown> {
  const { stdout } = await exec(process.execPath, ["-e", script], { cwd: ROOT, timeout: 60_000 });
  return JSON.parse(stdout.trim().split("\n").pop() ?? "null");
}

const SETUP = `
const { createLookupClient, HiroValidationError } = require("hiro-lookup");
const { createLookupQueries } = require("hiro-lookup/query");
const { QueryClient } = require("@tanstack/query-core");
function scripted(status, body) {
  const state = { requests: 0 };
  const client = createLookupClient({ baseUrl: "http://indexer.test", maxRetries: 2, fetch: async () => {
    state.requests++;
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  } });
  return { state, q: createLookupQueries(client) };
}
// A browser's QueryClient: 3 more tries by default (here at once).
const browserLike = () => new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 0 } } });
const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
`;

beforeAll(async () => {
  if (!distIsCurrent(ROOT))
    await exec(join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, "scripts/build.ts"), "--silent"], {
      cwd: ROOT,
      timeout: 120_000,
    });
}, 150_000);

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
