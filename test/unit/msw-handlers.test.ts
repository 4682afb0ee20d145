/**
 * `hiro-lookup/msw`: the handlers answer every lookup as the mock's rules do (the same named examples,
 * the same answers for unknown ids and refused parameters), on the base URLs given as the client takes
 * them, and typed overrides replace those answers. Requests go through msw's `getResponse`, with no
 * global `fetch` patched; `setupServer` and `setupWorker` have their own tests (e2e tier).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { MSW3_VERSION } from "../../scripts/lib/msw3.js";
import { type MockExample, mockExamples } from "../../src/generated/mock-examples.js";
import { operations } from "../../src/generated/operations.js";
import { HiroValidationError } from "../../src/index.js";
import { answerFor } from "../../src/mock/index.js";
import { type CreateHandlersOptions, createHandlers } from "../../src/msw/index.js";
import { createTestClient } from "../helpers/test-client.js";
import { OLDEST_MSW } from "../package/msw-consumer.js";

/** The spec's named examples, read loosely: only their requests matter here. */
const EXAMPLES: Readonly<Record<string, readonly MockExample[]>> = mockExamples;
const BASE = "https://indexer.test";
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const SAT = "1252201400444387";
const TX = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";

/** A `fetch` that answers from the handlers only (no network, no global state). */
function handlersFetch(options: CreateHandlersOptions): typeof fetch {
  const handlers = createHandlers(options);
  return async (input, init) => {
    const response = await getResponse(handlers, new Request(input, init));
    if (!response) throw new TypeError(`no handler for ${new Request(input, init).url}`);
    return response;
  };
}

const get = async (options: CreateHandlersOptions, url: string) => {
  const response = await handlersFetch(options)(url);
  return { status: response.status, body: response.status === 304 ? undefined : await response.json() };
};

/** A URL of an operation on BASE, with its path values filled in and the query given. */
function urlOf(operationId: keyof typeof operations, path: Record<string, string>, query = ""): string {
  const filled = operations[operationId].path.replace(/\{([^}]+)\}/g, (_, n: string) =>
    encodeURIComponent(path[n] ?? ""),
  );
  return `${BASE}${filled}${query ? `?${query}` : ""}`;
}

describe("createHandlers: the mock's answers", () => {
  // Every example tied to a request, then ids, pages and parameters no example names.
  const cases: Array<[keyof typeof operations, Record<string, string>, string]> = [
    ...Object.entries(EXAMPLES).flatMap(([operationId, examples]) =>
      examples
        .filter((e) => e.request)
        .map(
          (e) =>
            [
              operationId as keyof typeof operations,
              { ...e.request?.path },
              new URLSearchParams({ ...e.request?.query }).toString(),
            ] as [keyof typeof operations, Record<string, string>, string],
        ),
    ),
    ["getSftMetadata", { principal: PRINCIPAL, token_id: "12345" }, ""],
    ["getSftMetadata", { principal: "SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.other", token_id: "1" }, ""],
    ["getSftMetadata", { principal: PRINCIPAL, token_id: "35" }, "locale=xx"],
    ["getSatoshiInscriptions", { ordinal: "5000000000" }, "offset=20"],
    ["getSatoshiInscriptions", { ordinal: SAT }, "offset=1&limit=1"],
    ["getTransactionActivity", { tx_id: "ab".repeat(32) }, "limit=5"],
  ];

  it.for(cases)("%s %o ?%s answers as answerFor", async ([operationId, path, query]) => {
    const expected = answerFor(operationId, { path, query: new URLSearchParams(query) });
    expect(expected).toBeDefined();
    const got = await get({ baseUrl: BASE }, urlOf(operationId, path, query));
    expect(got).toEqual({ status: expected?.status, body: expected?.body });
  });

  it("answers a parameter the spec refuses with the operation's documented 400, as Prism does", async () => {
    expect(
      await get({ baseUrl: BASE }, urlOf("getSatoshiInscriptions", { ordinal: SAT }, "limit=61")),
    ).toEqual({ status: 400, body: { error: "Invalid satoshi ordinal number" } });
    const bad = await get({ baseUrl: BASE }, urlOf("getSftMetadata", { principal: "nope", token_id: "1" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "Bad Request" });
  });
});

describe("createHandlers: base URLs, as the client takes them", () => {
  /** How many lookups a service has (one handler each). */
  const countOf = (service: string) =>
    Object.values(operations).filter((op) => op.service === service).length;

  it("routes each service to its own base URL, a base path included", async () => {
    const baseUrl = {
      metadata: "https://meta.test/api/",
      ordinals: "http://127.0.0.1:3000",
      runes: "http://127.0.0.1:3001/v",
    };
    const handlers = createHandlers({ baseUrl });
    // One per operation, and the broken-escape guard of each of the three base URLs.
    expect(handlers).toHaveLength(Object.keys(operations).length + 3);
    const sat = await getResponse(
      handlers,
      new Request(`http://127.0.0.1:3000/ordinals/v1/sats/${SAT}/inscriptions`),
    );
    expect(sat?.status).toBe(200);
    const tx = await getResponse(
      handlers,
      new Request(`http://127.0.0.1:3001/v/runes/v1/transactions/${TX}/activity`),
    );
    expect(tx?.status).toBe(200);
    const token = await getResponse(
      handlers,
      new Request(`https://meta.test/api/metadata/v1/sft/${PRINCIPAL}/35`),
    );
    expect(token?.status).toBe(200);
    // Not on the service's own base URL: left unhandled.
    expect(
      await getResponse(handlers, new Request(`http://127.0.0.1:3001/ordinals/v1/sats/${SAT}/inscriptions`)),
    ).toBeUndefined();
  });

  it("defaults to the client's default: Hiro's hosted Token Metadata API only", async () => {
    const handlers = createHandlers();
    expect(handlers).toHaveLength(countOf("metadata") + 1); // and its base URL's broken-escape guard
    const token = await getResponse(
      handlers,
      new Request(`https://api.hiro.so/metadata/v1/sft/${PRINCIPAL}/35`),
    );
    expect(token?.status).toBe(200);
    expect(createHandlers({ baseUrl: { ordinals: BASE } })).toHaveLength(
      countOf("metadata") + countOf("ordinals") + 2,
    );
  });

  it("refuses a base URL the client would refuse, with the same HiroValidationError", () => {
    expect(() => createHandlers({ baseUrl: "ftp://x.test" })).toThrow(HiroValidationError);
    expect(() => createHandlers({ baseUrl: { runes: "not a url" } })).toThrow(/baseUrl\.runes/);
  });
});

describe("createHandlers: an override function", () => {
  // A paged id with data in the spec (several results), and one with a single page: from the examples.
  const pagedIds = (EXAMPLES.getSatoshiInscriptions ?? [])
    .filter((e) => e.request && e.status === 200)
    .map((e) => e.request?.path.ordinal ?? "");
  const several = pagedIds.find((id) => pagedIds.filter((other) => other === id).length > 1) ?? "";
  const single = pagedIds.find((id) => id !== several) ?? "";

  it("sees the lookup's path names and the query; undefined leaves a request to the mock", async () => {
    expect(several && single).not.toBe("");
    const seen: string[] = [];
    const options: CreateHandlersOptions = {
      baseUrl: BASE,
      overrides: {
        getSatoshiInscriptions: async ({ path, query, request }) => {
          seen.push(`${path.ordinal} ${request.method}`);
          if (path.ordinal !== single) return undefined;
          const offset = Number(query.get("offset") ?? 0);
          return {
            status: 200,
            body: { limit: Number(query.get("limit") ?? 20), offset, total: 0, results: [] },
          };
        },
      },
    };
    const answer = handlersFetch(options);
    const lookups = createTestClient((request) => answer(request), { baseUrl: BASE, maxRetries: 0 }).client;
    expect(await lookups.getSatoshiInscriptions({ ordinal: single, offset: 3 })).toEqual({
      limit: 20,
      offset: 3,
      total: 0,
      results: [],
    });
    const mock = answerFor("getSatoshiInscriptions", {
      path: { ordinal: several },
      query: new URLSearchParams(),
    });
    expect(await lookups.getSatoshiInscriptions({ ordinal: several })).toEqual(mock?.body);
    // Not overridden: the token lookup is the mock's.
    expect((await lookups.getSftMetadata({ principal: PRINCIPAL, token_id: 35 })).decimals).toBe(6);
    expect(seen).toEqual([`${single} GET`, `${several} GET`]);
  });
});

describe("the main entry and the kit", () => {
  it("declares msw an optional peer whose range spans the releases the tests run (2.10 to 3)", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const manifest = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as {
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.peerDependencies.msw).toBe(`^${OLDEST_MSW} || ^3.0.0`);
    expect(manifest.peerDependenciesMeta.msw).toEqual({ optional: true });
    expect(manifest.devDependencies["msw-oldest"]).toBe(`npm:msw@${OLDEST_MSW}`);
    // The newest 2.x, which the unit, guide and browser tests run: inside the range.
    expect(manifest.devDependencies.msw).toMatch(/^2\.(1[0-9]|[2-9][0-9])\.\d+$/);
    // The msw 3 that the browser test and `npm run test:runtimes` (Node 22 and 24) install on demand: a
    // pin, not a devDependency (it needs Node 22.12, and `npm ci` on Node 20 warned EBADENGINE for it).
    expect(MSW3_VERSION).toMatch(/^3\.\d+\.\d+$/);
    expect(manifest.devDependencies["msw-3"]).toBeUndefined();
  });

  it("the main entry's bundle holds nothing of msw nor of the kit (msw is only this entry's peer)", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints: ["src/index.ts"],
      bundle: true,
      write: false,
      metafile: true,
      platform: "browser",
      format: "esm",
      logLevel: "silent",
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain("src/lookups/client.ts");
    // msw's own files (node_modules/msw/…), the kit's and the mock's rules (src/msw/…, src/mock/…).
    const kit = /(^|\/)node_modules\/msw(-oldest)?\/|^src\/(msw|mock)\//;
    expect(inputs.filter((path) => kit.test(path))).toEqual([]);
  });
});
