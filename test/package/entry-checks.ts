/**
 * Every entry of the package, used as an app uses it, under `import` and under `require()`: one script,
 * written twice (its loader is `import()` in an .mjs file, `require` in a .cjs one), run in the consumer
 * of the packed tarball. Each check is behaviour that needs one copy of the library per module system:
 * the doctor reading the client's 404 as `not_indexed`, `checkParameter`'s error being the main entry's
 * `HiroValidationError`, the query helpers leaving a 500 to the client's retries. Used by
 * package.test.ts, which owns the packed, installed tarball.
 */

/** The module systems a consumer loads the package with. */
export type ModuleSystem = "import" | "require";

/** The subpaths the script checks: every one of package.json's `exports` but `./package.json`. */
export const CHECKED_ENTRIES = [
  ".",
  "./validators",
  "./msw",
  "./query",
  "./doctor",
  "./spec",
  "./server",
  "./mcp",
];

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";

/** The script's body: `load` is the module system's loader; it prints one JSON line of what it saw. */
const BODY = `
const http = await load("node:http");
const main = await load("hiro-lookup");
const principal = ${JSON.stringify(PRINCIPAL)};
const requests = {};
// A deployment: token 1 unknown (404), token 2 still being fetched (422), the status route failing (500).
const server = http.createServer((request, response) => {
  const path = new URL(request.url, "http://x").pathname;
  requests[path] = (requests[path] ?? 0) + 1;
  const [status, body] =
    path === "/metadata/v1/sft/" + principal + "/1" ? [404, { error: "Token not found" }]
    : path === "/metadata/v1/sft/" + principal + "/2" ? [422, { error: "Token metadata fetch in progress" }]
    : path === "/metadata/v1/" ? [500, { statusCode: 500, error: "Internal Server Error", message: "boom" }]
    : [404, { error: "Not found" }];
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseUrl = "http://127.0.0.1:" + server.address().port;
const client = main.createLookupClient({ baseUrl, maxRetries: 2 });
const seen = {};
const failure = (promise) => promise.then(
  (value) => ({ resolved: value }),
  (error) => ({ name: error.name, apiError: error instanceof main.HiroApiError, kind: error.kind }),
);

// ".": the client's own error classes.
seen.main = await failure(client.getSftMetadata({ principal, token_id: 1 }));

// "./validators": the spec's schemas, generated ahead of time.
const { responseValidators } = await load("hiro-lookup/validators");
const validate = responseValidators.getSatoshiInscriptions;
seen.validators = {
  emptyPage: validate({ limit: 20, offset: 0, total: 0, results: [] }),
  refusesAString: validate("page").length > 0,
};

// "./spec": the contract as data; a refused parameter is the main entry's HiroValidationError.
const spec = await load("hiro-lookup/spec");
seen.spec = {
  maxLimit: spec.parameterRules.limit.maximum,
  operations: Object.keys(spec.operations).length,
  txId: spec.checkParameter("tx_id", "0x" + "A".repeat(64)),
};
try {
  spec.checkParameter("tx_id", "nope");
} catch (error) {
  seen.spec.refused = { validation: error instanceof main.HiroValidationError, parameter: error.parameter };
}

// "./doctor": the client's 404 is a finding (not_indexed), its 422 one too (metadata_pending).
const { diagnoseToken } = await load("hiro-lookup/doctor");
const codes = (token_id) =>
  diagnoseToken(client, { kind: "sft", principal, token_id }).then(
    (diagnosis) => diagnosis.findings.map((finding) => finding.code),
    (error) => "rejected: " + error.name + ": " + error.message,
  );
seen.doctor = { unknown: await codes(1), pending: await codes(2) };

// "./query": TanStack's retries leave the client's to the client (a 500: its 3 requests, a 404: 1) and retry
// a pending token (4 requests: the first and TanStack's 3); a bad parameter is the main entry's class.
const { createLookupQueries } = await load("hiro-lookup/query");
const { QueryClient } = await load("@tanstack/query-core");
const queries = createLookupQueries(client);
// TanStack's own default of 3 more tries (retry not set: an app's own retry default is followed as set).
const tanstack = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
for (const key of Object.keys(requests)) delete requests[key];
await tanstack.fetchQuery(queries.getApiStatus.queryOptions()).catch(() => {});
await tanstack.fetchQuery(queries.getSftMetadata.queryOptions({ principal, token_id: 1 })).catch(() => {});
await tanstack.fetchQuery(queries.getSftMetadata.queryOptions({ principal, token_id: 2 })).catch(() => {});
let badKey;
try {
  queries.getSftMetadata.queryKey({ principal: "nope", token_id: 1 });
} catch (error) {
  badKey = { validation: error instanceof main.HiroValidationError, parameter: error.parameter };
}
seen.query = {
  on500: requests["/metadata/v1/"],
  on404: requests["/metadata/v1/sft/" + principal + "/1"],
  onPending: requests["/metadata/v1/sft/" + principal + "/2"],
  badKey,
};

// "./server": the gateway passes the service's 404 on, and refuses a bad principal itself (nothing sent).
const { createLookupHandler } = await load("hiro-lookup/server");
const handler = createLookupHandler({ upstream: { baseUrl } });
for (const key of Object.keys(requests)) delete requests[key];
const unknownToken = await handler(new Request("http://gateway/metadata/v1/sft/" + principal + "/1"));
const refused = await handler(new Request("http://gateway/metadata/v1/sft/nope/1"));
seen.server = { unknown: unknownToken.status, refused: refused.status, sent: Object.keys(requests).length };
server.close();

// "./mcp": without the MCP SDK (an optional peer, not installed here), a ready server is a refusal that
// names the command installing it.
const mcp = await load("hiro-lookup/mcp");
seen.mcp = await mcp.createLookupMcpServer({ client }).then(
  () => "made without the SDK",
  (error) => ({ name: error.name, missing: error instanceof mcp.McpSdkMissingError, hint: error.message.includes(mcp.MCP_SDK_INSTALL_HINT) }),
);

// "./msw": the kit's answers, read by the main entry's client.
const { createHandlers } = await load("hiro-lookup/msw");
const { setupServer } = await load("msw/node");
const mswBase = "http://indexer.test";
const msw = setupServer(...createHandlers({ baseUrl: mswBase }));
msw.listen({ onUnhandledRequest: "error" });
const mocked = main.createLookupClient({ baseUrl: mswBase, maxRetries: 0 });
seen.msw = {
  known: (await mocked.getSftMetadata({ principal, token_id: 35 })).metadata.name,
  unknown: await failure(mocked.getSftMetadata({ principal, token_id: 99 })),
};
msw.close();

// Every exported class and function keeps its own name (a CommonJS build that renamed classes printed
// "_class5 [HiroApiError]" for an error), whatever entry it comes from.
seen.renamed = [];
for (const entry of ["hiro-lookup", "hiro-lookup/doctor", "hiro-lookup/query", "hiro-lookup/spec", "hiro-lookup/server", "hiro-lookup/mcp"]) {
  for (const [name, value] of Object.entries(await load(entry))) {
    if (typeof value === "function" && value.name !== name) seen.renamed.push(entry + ": " + name + " is " + value.name);
  }
}

console.log(JSON.stringify(seen));
`;

/** The script for `system`: an ES module (`.mjs`) or a CommonJS one (`.cjs`). */
export function entryChecksScript(system: ModuleSystem): { file: string; source: string } {
  return system === "import"
    ? { file: "entries.mjs", source: `const load = (name) => import(name);\n${BODY}` }
    : {
        file: "entries.cjs",
        source: `const load = async (name) => require(name);\n(async () => {\n${BODY}\n})().catch((error) => { console.error(error); process.exitCode = 1; });\n`,
      };
}

const notFound = { name: "HiroApiError", apiError: true, kind: "not_found" };

/** What the script prints, the same under both module systems. */
export const EXPECTED = {
  main: notFound,
  validators: { emptyPage: [], refusesAString: true },
  spec: {
    maxLimit: 60,
    operations: 8,
    txId: "a".repeat(64),
    refused: { validation: true, parameter: "tx_id" },
  },
  doctor: { unknown: ["not_indexed"], pending: ["metadata_pending"] },
  query: { on500: 3, on404: 1, onPending: 4, badKey: { validation: true, parameter: "principal" } },
  msw: { known: "key-alex-autoalex-v1 #35", unknown: notFound },
  server: { unknown: 404, refused: 400, sent: 1 },
  mcp: { name: "McpSdkMissingError", missing: true, hint: true },
  renamed: [],
};
