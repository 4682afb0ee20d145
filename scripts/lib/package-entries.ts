/**
 * The package's entries: the file name in dist/ → its source. tsup.config.ts builds them; a new entry is
 * one line here, plus its block in package.json's `exports` and `typesVersions` (which
 * test/tooling/package-entries.test.ts checks against this table) and its behaviour check under `import`
 * and `require()` in test/package/entry-checks.ts.
 */
export const ENTRIES = {
  index: "src/index.ts", // "hiro-lookup"
  validators: "src/validators.ts", // Ajv standalone code, no Ajv needed
  msw: "src/msw/index.ts", // the test kit (msw, an optional peer, stays external)
  query: "src/query/index.ts", // TanStack Query helpers (TanStack types only: nothing of it at run time)
  doctor: "src/doctor/index.ts", // the token diagnosis
  spec: "src/spec-entry.ts", // the contract as data and checks
  server: "src/server/index.ts", // the gateway (web-standard; the Redis client is passed in, never imported)
  mcp: "src/mcp/index.ts", // the MCP tools (Node; the MCP SDK, an optional peer, loaded when a server is made)
} as const;

/** An entry's subpath in `exports`: `.` for `index`, else `./<name>`. */
export const subpathOf = (name: string): string => (name === "index" ? "." : `./${name}`);
