/** `hiro-lookup/msw` overrides are typed by the spec: a misspelt field or an undocumented status does not compile. */
import { describe, expectTypeOf, it } from "vitest";
import { createHandlers, type MockOverride, type MockResponse } from "../../src/msw/index.js";

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
    expectTypeOf([misspelt, teapot, wrongBody]).toBeArray();
  });
});
