/**
 * `hiro-lookup/msw` as an app's jest suite uses it: the installed tarball, required as CommonJS from a
 * jest test in jest's `node` environment, with msw's `setupServer`. msw is the oldest release the peer
 * range admits (2.10.0, this repository's `msw-oldest` alias), linked in as `msw`; jest is this
 * repository's. Used by package.test.ts, which owns the packed, installed tarball.
 */
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The oldest msw the peer range `^2.10.0` admits; the jest run checks it got that one. */
export const OLDEST_MSW = "2.10.0";

const JEST_TEST = `const { createLookupClient, HiroApiError } = require("hiro-lookup");
const { createHandlers } = require("hiro-lookup/msw");
const { setupServer } = require("msw/node");

const baseUrl = "https://indexer.test";
const server = setupServer(...createHandlers({ baseUrl }));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createLookupClient({ baseUrl, maxRetries: 0 });
const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";

test("runs msw ${OLDEST_MSW}", () => {
  expect(require("msw/package.json").version).toBe("${OLDEST_MSW}");
});

test("a token of the spec's examples", async () => {
  const token = await client.getSftMetadata({ principal, token_id: 35 });
  expect(token.metadata.name).toBe("key-alex-autoalex-v1 #35");
});

test("a sat no example names: an empty page", async () => {
  const page = await client.getSatoshiInscriptions({ ordinal: 5000000000, offset: 20, limit: 5 });
  expect(page).toEqual({ limit: 5, offset: 20, total: 0, results: [] });
});

test("an override for one test: a 500", async () => {
  const body = { statusCode: 500, error: "Internal Server Error", message: "down" };
  server.use(...createHandlers({ baseUrl, overrides: { getTransactionActivity: { status: 500, body } } }));
  const error = await client.getTransactionActivity({ tx_id: "ab".repeat(32) }).catch((e) => e);
  expect(error).toBeInstanceOf(HiroApiError);
  expect(error.kind).toBe("server_error");
});

test("the override is gone after resetHandlers", async () => {
  const page = await client.getTransactionActivity({ tx_id: "ab".repeat(32) });
  expect(page.total).toBe(0);
});
`;

/**
 * Lays out a jest consumer in `dir`: the installed package copied from `installedPackage`, msw linked
 * from `mswDir`, one CommonJS test file and a jest config. Returns the jest command line (node, args).
 */
export function prepareJestConsumer(dir: string, installedPackage: string, root: string): string[] {
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  cpSync(installedPackage, join(dir, "node_modules/hiro-lookup"), { recursive: true, dereference: true });
  symlinkSync(join(root, "node_modules/msw-oldest"), join(dir, "node_modules/msw"), "dir");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "jest-consumer", private: true }));
  writeFileSync(join(dir, "lookups.test.cjs"), JEST_TEST);
  writeFileSync(
    join(dir, "jest.config.cjs"),
    `module.exports = { rootDir: __dirname, testEnvironment: "node", testMatch: ["**/*.test.cjs"], transform: {}, cache: false };\n`,
  );
  return [join(root, "node_modules/jest/bin/jest.js"), "--ci", "--json", "--config", "jest.config.cjs"];
}

/** The titles and statuses of a `jest --json` run. */
export function jestResults(stdout: string): Array<[string, string]> {
  const report = JSON.parse(stdout) as {
    testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
  };
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((r): [string, string] => [r.title, r.status]),
  );
}
