/**
 * `hiro-lookup/msw` overrides are typed by the spec: a documented status with its documented body
 * compiles; a misspelt field, status, lookup or path name does not (an unused `@ts-expect-error` fails
 * the check). Nothing here runs: the types tier's tsc and `tsc -p .` check it.
 */
import { HttpResponse, type RequestHandler } from "msw";
import { describe, expectTypeOf, it } from "vitest";
import type { RateLimitErrorBody, SftMetadataResponse, SftNotFoundErrorBody } from "../../src/index.js";
import {
  createHandlers,
  type MockAnswer,
  type MockOverride,
  type MockRequestParts,
  type MockResponse,
} from "../../src/msw/index.js";

const baseUrl = "https://indexer.test";
type BodyFor<Op extends Parameters<typeof bodyOf>[0], S> = Extract<MockResponse<Op>, { status: S }>["body"];
declare function bodyOf(op: "getSftMetadata" | "getSatoshiInscriptions" | "getTransactionActivity"): void;

describe("msw overrides", () => {
  it("accepts documented answers", () => {
    createHandlers({
      overrides: {
        getSftMetadata: { status: 422, body: { error: "Token metadata fetch in progress" } },
        getSatoshiInscriptions: { status: 200, body: { limit: 20, offset: 0, total: 0, results: [] } },
        getTransactionActivity: { status: 304 },
      },
    });
    expectTypeOf<MockResponse<"getSftMetadata">["status"]>().toEqualTypeOf<
      200 | 304 | 400 | 404 | 422 | 429 | 500
    >();
  });
  it("refuses a misspelt field, an undocumented status, a wrong body and an unknown operation", () => {
    const misspelt: MockResponse<"getSatoshiInscriptions"> = {
      status: 200,
      // @ts-expect-error: `totl` is not a field of a page
      body: { limit: 20, offset: 0, totl: 0, results: [] },
    };
    // @ts-expect-error: 418 is not a documented status
    const teapot: MockResponse<"getSftMetadata"> = { status: 418, body: {} };
    // @ts-expect-error: a 422's body has an `error` string
    const wrongBody: MockOverride<"getSftMetadata"> = { status: 422, body: { message: 1 } };
    // @ts-expect-error: no such operation
    createHandlers({ overrides: { getSftMetadatas: { status: 200, body: {} } } });
    // @ts-expect-error: 503 is not documented: a plain object cannot answer it (a Response can)
    createHandlers({ overrides: { getSftMetadata: { status: 503, body: { error: "busy" } } } });
    createHandlers({ overrides: { getSftMetadata: new HttpResponse("busy", { status: 503 }) } });
    expectTypeOf([misspelt, teapot, wrongBody]).toBeArray();
  });
});

describe("createHandlers: options", () => {
  it("returns msw's handlers and takes the client's base URL shapes", () => {
    expectTypeOf(createHandlers()).toEqualTypeOf<RequestHandler[]>();
    createHandlers({ baseUrl: { ordinals: "http://127.0.0.1:3000", runes: "http://127.0.0.1:3001" } });
    // @ts-expect-error: no such service
    createHandlers({ baseUrl: { ordinal: "http://127.0.0.1:3000" } });
    // @ts-expect-error: misspelt option
    createHandlers({ baseURL: baseUrl });
  });

  it("derives each lookup's statuses and bodies from the spec", () => {
    expectTypeOf<MockResponse<"getSatoshiInscriptions">["status"]>().toEqualTypeOf<
      200 | 400 | 410 | 429 | 500
    >();
    expectTypeOf<BodyFor<"getSftMetadata", 200>>().toEqualTypeOf<SftMetadataResponse>();
    expectTypeOf<BodyFor<"getSftMetadata", 404>>().toEqualTypeOf<SftNotFoundErrorBody>();
    expectTypeOf<BodyFor<"getTransactionActivity", 429>>().toEqualTypeOf<RateLimitErrorBody>();
  });
});

describe("overrides: more that compiles", () => {
  it("a 429 with Retry-After, a 500", () => {
    createHandlers({
      baseUrl,
      overrides: {
        getSatoshiInscriptions: {
          status: 429,
          headers: { "Retry-After": "2" },
          body: { message: "API rate limit exceeded" },
        },
        getTransactionActivity: {
          status: 500,
          body: { statusCode: 500, error: "Internal Server Error", message: "boom" },
        },
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
    expectTypeOf<MockRequestParts<"getTransactionActivity">["path"]>().toEqualTypeOf<{
      readonly tx_id: string;
    }>();
  });
});

describe("overrides: more that does not compile", () => {
  it("a status another lookup has, a status as a string", () => {
    const notFound: MockResponse<"getSatoshiInscriptions"> = {
      // @ts-expect-error: the sat lookup documents no 404
      status: 404,
      body: { error: "Token not found" },
    };
    // @ts-expect-error: a status is a number, not a string
    createHandlers({ overrides: { getSftMetadata: { status: "422", body: { error: "Locale not found" } } } });
    void notFound;
  });

  it("a missing field, an error string the spec does not document, a misspelt `headers`", () => {
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
        // @ts-expect-error: `header` is not a field of an answer (it is `headers`)
        getSftMetadata: { status: 429, header: { "Retry-After": "2" }, body: { message: "slow down" } },
      },
    });
  });

  it("a misspelt path name, an undocumented status from a function", () => {
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

describe("overrides: an undocumented answer, as a Response", () => {
  it("a plain Response compiles with any status, fixed or from a function", () => {
    let calls = 0;
    createHandlers({
      baseUrl,
      overrides: {
        getTransactionActivity: () =>
          calls++ === 0 ? new HttpResponse("upstream unavailable", { status: 503 }) : undefined,
        getSftMetadata: new Response("<html>bad gateway</html>", { status: 502 }),
        getSatoshiInscriptions: async () => HttpResponse.json({ anything: true }, { status: 418 }),
      },
    });
    expectTypeOf<Response>().toExtend<MockAnswer<"getSftMetadata">>();
  });

  it("a plain object with an undocumented status, or a wrong field, still does not compile", () => {
    createHandlers({
      overrides: {
        // @ts-expect-error: 503 is not documented; an undocumented answer is a Response
        getTransactionActivity: () => ({ status: 503, body: { message: "unavailable" } }),
      },
    });
    // @ts-expect-error: 503 is not documented, also as a fixed answer
    createHandlers({ overrides: { getSftMetadata: { status: 503, body: {} } } });
    createHandlers({
      overrides: {
        // @ts-expect-error: a page has `total`, not `totl`, beside a Response override
        getSatoshiInscriptions: { status: 200, body: { limit: 1, offset: 0, totl: 0, results: [] } },
        getTransactionActivity: new HttpResponse(null, { status: 503 }),
      },
    });
  });
});
