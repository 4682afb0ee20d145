// `hiro-lookup/msw` with msw 3 (Node 22.12 or newer), as an app's test suite uses it: run by vitest
// (`--globals`) and by jest in ESM mode on Node 22 and 24 (scripts/test-runtimes.ts). The installed tarball.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createLookupClient, HiroApiError } from "hiro-lookup";
import { createHandlers } from "hiro-lookup/msw";
import { setupServer } from "msw/node";

const baseUrl = { ordinals: "http://127.0.0.1:3000", runes: "http://127.0.0.1:3001" };
const server = setupServer(...createHandlers({ baseUrl }));
// msw 3 renamed msw 2's `onUnhandledRequest`.
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createLookupClient({ baseUrl, maxRetries: 0 });
const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";

test("runs msw 3", () => {
  const manifest = createRequire(import.meta.url).resolve("msw/package.json");
  expect(JSON.parse(readFileSync(manifest, "utf8")).version).toMatch(/^3\./);
});

test("the two-page example sat, and any other sat an empty page", async () => {
  const page = await client.getSatoshiInscriptions({ ordinal: 257418248345364n, limit: 2 });
  expect([page.total, page.results.length]).toEqual([3, 2]);
  const empty = await client.getSatoshiInscriptions({ ordinal: 5000000000, offset: 20, limit: 5 });
  expect(empty).toEqual({ limit: 5, offset: 20, total: 0, results: [] });
});

test("the search: the example token found, an unknown one missing", async () => {
  const unknown = `${principal.split(".")[0]}.no-such-token`;
  const { results, missing } = await client.searchTokens({ contract: [`${principal}:35`, unknown] });
  expect([results.length, missing]).toEqual([1, [unknown]]);
});

test("an override for one test: a 429 with Retry-After", async () => {
  server.use(
    ...createHandlers({
      baseUrl,
      overrides: {
        getTransactionActivity: {
          status: 429,
          headers: { "retry-after": "30" },
          body: { message: "API rate limit exceeded" },
        },
      },
    }),
  );
  // A client of its own: the 429's Retry-After holds its origin in the pacer for 30 s.
  const limited = createLookupClient({ baseUrl, maxRetries: 0 });
  const error = await limited.getTransactionActivity({ tx_id: "ab".repeat(32) }).catch((e) => e);
  expect(error).toBeInstanceOf(HiroApiError);
  expect([error.kind, error.retryAfterMs]).toEqual(["rate_limited", 30_000]);
});

test("the override is gone after resetHandlers", async () => {
  expect((await client.getTransactionActivity({ tx_id: "ab".repeat(32) })).total).toBe(0);
});
