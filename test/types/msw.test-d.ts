/**
 * Types of `hiro-lookup/msw`'s overrides. Nothing here runs: Vitest's typecheck mode (and `tsc -p .`)
 * checks that a documented status with its documented body compiles, and that each misspelt status,
 * field or lookup is an error (an unused `@ts-expect-error` fails the check).
 */
import type { HttpHandler } from "msw";
import { describe, expectTypeOf, it } from "vitest";
import type {
  RateLimitErrorBody,
  ServerErrorBody,
  SftMetadataResponse,
  SftNotFoundErrorBody,
} from "../../src/index.js";
import {
  type CreateHandlersOptions,
  createHandlers,
  type DocumentedBody,
  type DocumentedStatus,
  type LookupAnswer,
  type LookupRequest,
} from "../../src/msw/index.js";

const baseUrl = "https://indexer.test";

describe("createHandlers", () => {
  it("returns msw's HttpHandler[] and takes the client's base URL shapes", () => {
    expectTypeOf(createHandlers()).toEqualTypeOf<HttpHandler[]>();
    expectTypeOf(createHandlers({ baseUrl })).toEqualTypeOf<HttpHandler[]>();
    createHandlers({ baseUrl: { ordinals: "http://127.0.0.1:3000", runes: "http://127.0.0.1:3001" } });
    // @ts-expect-error: no such service
    createHandlers({ baseUrl: { ordinal: "http://127.0.0.1:3000" } });
    // @ts-expect-error: misspelt option
    createHandlers({ baseURL: baseUrl });
  });

  it("derives each lookup's statuses and bodies from the spec", () => {
    expectTypeOf<DocumentedStatus<"getSftMetadata">>().toEqualTypeOf<
      200 | 304 | 400 | 404 | 422 | 429 | 500
    >();
    expectTypeOf<DocumentedStatus<"getSatoshiInscriptions">>().toEqualTypeOf<200 | 400 | 429 | 500>();
    expectTypeOf<DocumentedBody<"getSftMetadata", 200>>().toEqualTypeOf<SftMetadataResponse>();
    expectTypeOf<DocumentedBody<"getSftMetadata", 404>>().toEqualTypeOf<SftNotFoundErrorBody>();
    expectTypeOf<DocumentedBody<"getTransactionActivity", 429>>().toEqualTypeOf<RateLimitErrorBody>();
    expectTypeOf<DocumentedBody<"getTransactionActivity", 500>>().toEqualTypeOf<ServerErrorBody>();
    expectTypeOf<DocumentedBody<"getSftMetadata", 304>>().toBeNever();
  });
});

describe("overrides: what compiles", () => {
  it("a pending token, a 429 with Retry-After, a 500, an empty page, a 304", () => {
    const options: CreateHandlersOptions = {
      baseUrl,
      overrides: {
        getSftMetadata: { status: 422, body: { error: "Token metadata fetch in progress" } },
        getSatoshiInscriptions: {
          status: 429,
          headers: { "Retry-After": "2" },
          body: { message: "API rate limit exceeded" },
        },
        getTransactionActivity: { status: 200, body: { limit: 20, offset: 0, total: 0, results: [] } },
      },
    };
    createHandlers(options);
    createHandlers({
      overrides: {
        getTransactionActivity: {
          status: 500,
          body: { statusCode: 500, error: "Internal Server Error", message: "boom" },
        },
        getSftMetadata: { status: 304, headers: { ETag: '"1"' } },
      },
    });
  });

  it("a function of the request, with the lookup's own path names; undefined leaves it to the mock", () => {
    createHandlers({
      overrides: {
        getSftMetadata: ({ path, query, request }) => {
          expectTypeOf(path).toEqualTypeOf<{ readonly principal: string; readonly token_id: string }>();
          expectTypeOf(query).toEqualTypeOf<URLSearchParams>();
          expectTypeOf(request).toEqualTypeOf<Request>();
          return path.token_id === "7" ? { status: 404, body: { error: "Token not found" } } : undefined;
        },
        getSatoshiInscriptions: async ({ path }) =>
          path.ordinal === "0"
            ? { status: 200, body: { limit: 1, offset: 0, total: 0, results: [] } }
            : undefined,
      },
    });
    expectTypeOf<LookupRequest<"getTransactionActivity">["path"]>().toEqualTypeOf<{
      readonly tx_id: string;
    }>();
  });
});

describe("overrides: what does not compile", () => {
  it("an undocumented status, or a status another lookup has", () => {
    // @ts-expect-error: 418 is not documented for the token lookup
    const teapot: LookupAnswer<"getSftMetadata"> = { status: 418, body: { error: "Token not found" } };
    const notFound: LookupAnswer<"getSatoshiInscriptions"> = {
      // @ts-expect-error: the sat lookup documents no 404
      status: 404,
      body: { error: "Token not found" },
    };
    // @ts-expect-error: a status is a number, not a string
    createHandlers({ overrides: { getSftMetadata: { status: "422", body: { error: "Locale not found" } } } });
    void [teapot, notFound];
  });

  it("a misspelt field, a missing field, a body of another status", () => {
    createHandlers({
      overrides: {
        // @ts-expect-error: `totl` is not a field of a page
        getSatoshiInscriptions: { status: 200, body: { limit: 20, offset: 0, totl: 0, results: [] } },
      },
    });
    createHandlers({
      overrides: {
        // @ts-expect-error: a page needs its `total`
        getTransactionActivity: { status: 200, body: { limit: 20, offset: 0, results: [] } },
      },
    });
    createHandlers({
      overrides: {
        // @ts-expect-error: not one of the documented 422 errors
        getSftMetadata: { status: 422, body: { error: "Token metadata pending" } },
      },
    });
    createHandlers({
      overrides: {
        // @ts-expect-error: `header` is not an option of an answer (it is `headers`)
        getSftMetadata: { status: 429, header: { "Retry-After": "2" }, body: { message: "slow down" } },
      },
    });
    createHandlers({
      overrides: {
        // @ts-expect-error: the 200 of a token has no `results`
        getSftMetadata: { status: 200, body: { results: [] } },
      },
    });
  });

  it("a misspelt lookup, a misspelt path name, a wrong answer from a function", () => {
    // @ts-expect-error: no lookup `getSftMetdata`
    createHandlers({ overrides: { getSftMetdata: { status: 500, body: {} } } });
    createHandlers({
      overrides: {
        // @ts-expect-error: the sat lookup's path has `ordinal`, not `sat`
        getSatoshiInscriptions: ({ path }) => (path.sat ? undefined : undefined),
      },
    });
    createHandlers({
      overrides: {
        // @ts-expect-error: 201 is not documented
        getTransactionActivity: () => ({ status: 201, body: { limit: 1, offset: 0, total: 0, results: [] } }),
      },
    });
  });
});
