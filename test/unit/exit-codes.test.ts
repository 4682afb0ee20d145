/** The CLI's exit code for each error family. */
import { describe, expect, it } from "vitest";
import { EXIT, exitCodeFor } from "../../src/cli/exit-codes.js";
import {
  HiroApiError,
  type HiroApiErrorKind,
  type HiroApiErrorOf,
  HiroError,
  HiroIncompleteListError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
  HiroWaitTimeoutError,
} from "../../src/index.js";

function apiError(kind: HiroApiErrorKind, status: number): HiroApiError {
  return new HiroApiError({
    kind,
    status,
    body: undefined,
    headers: new Headers(),
    operationId: "getSftMetadata",
    url: "https://api.hiro.so/x",
    summary: "x",
  });
}

describe("exitCodeFor", () => {
  it.each([
    ["a validation error", new HiroValidationError("limit", "bad"), EXIT.usage],
    ["a network error", new HiroNetworkError("reset"), EXIT.network],
    ["a timeout (a network error)", new HiroTimeoutError(50), EXIT.network],
    ["not_found", apiError("not_found", 404), EXIT.notFound],
    ["locale_not_found", apiError("locale_not_found", 422), EXIT.notFound],
    ["rate_limited", apiError("rate_limited", 429), EXIT.rateLimited],
    ["server_error", apiError("server_error", 500), EXIT.apiError],
    ["another HiroError", new HiroError("could not build the request"), EXIT.apiError],
    ["a list that ended short of its total (--all)", new HiroIncompleteListError(37, 31, 0), EXIT.incomplete],
    ["anything else", new TypeError("boom"), EXIT.network],
  ])("%s exits %d", (_, error, code) => {
    expect(exitCodeFor(error)).toBe(code);
  });

  it("waitForMetadata's deadline is an API error (5), not a network one: every request was answered", () => {
    const last = apiError("metadata_pending", 422) as HiroApiErrorOf<"metadata_pending">;
    expect(exitCodeFor(new HiroWaitTimeoutError(60_000, last))).toBe(EXIT.apiError);
  });
});
