/**
 * Type behaviour of the error family. Nothing here runs: the types tier's tsc (test/types/typecheck.test.ts; and `tsc -p .`)
 * checks that `instanceof` and `is(kind)` narrow to exact types, and each `@ts-expect-error` holds.
 */
import { describe, expectTypeOf, it } from "vitest";
import {
  HiroApiError,
  type HiroApiErrorKind,
  type HiroApiErrorOf,
  type HiroError,
  type HiroIncompleteListError,
  type HiroNetworkError,
  type HiroTimeoutError,
  type HiroWaitTimeoutError,
  type InvalidSatoshiOrdinalErrorBody,
  type ServiceRetiredErrorBody,
  type SftNotFoundErrorBody,
  type TokenErrorBody,
  type ValidationErrorBody,
} from "../../src/index.js";

declare function lookup(): Promise<unknown>;
declare const error: HiroApiError;

describe("HiroApiError after instanceof", () => {
  it("has the kind union and an unknown (not any) body", async () => {
    try {
      await lookup();
    } catch (e: unknown) {
      if (e instanceof HiroApiError) {
        expectTypeOf(e).toEqualTypeOf<HiroApiError>();
        expectTypeOf(e.kind).toEqualTypeOf<HiroApiErrorKind>();
        expectTypeOf(e.body).toBeUnknown();
        expectTypeOf(e.body).not.toBeAny();
        expectTypeOf(e.status).toEqualTypeOf<number>();
        expectTypeOf(e.retryAfterMs).toEqualTypeOf<number | undefined>();
      }
    }
  });

  it("is(kind) narrows the body to that kind's type", () => {
    const e = error;
    if (e.is("not_found")) {
      expectTypeOf(e.kind).toEqualTypeOf<"not_found">();
      expectTypeOf(e.body).toEqualTypeOf<SftNotFoundErrorBody>();
      expectTypeOf(e.body.error).toEqualTypeOf<"Token not found" | "Contract not found">();
    }
    if (e.is("token_error")) {
      expectTypeOf(e.body).toEqualTypeOf<TokenErrorBody>();
      expectTypeOf(e.body.message).toEqualTypeOf<string>();
    }
    if (e.is("invalid_response")) expectTypeOf(e.body).toEqualTypeOf<string>();
    if (e.is("invalid_request")) {
      // Usable, not unknown: the documented bodies, or the text of an undocumented one.
      expectTypeOf(e.body).toEqualTypeOf<ValidationErrorBody | InvalidSatoshiOrdinalErrorBody | string>();
      if (typeof e.body !== "string") expectTypeOf(e.body.error).toBeString();
      if (typeof e.body !== "string" && "message" in e.body) expectTypeOf(e.body.message).toBeString();
    }
    if (e.is("service_retired")) {
      expectTypeOf(e.body).toEqualTypeOf<ServiceRetiredErrorBody | string>();
      if (typeof e.body !== "string")
        expectTypeOf(e.body.documentation_url).toEqualTypeOf<string | undefined>();
    }
    if (e.is("not_modified")) expectTypeOf(e.body).toEqualTypeOf<undefined>();
    // @ts-expect-error "notfound" is not a kind.
    void e.is("notfound");
  });

  it("a switch on kind accepts only real kinds", () => {
    const e = error;
    switch (e.kind) {
      case "not_found":
      case "locale_not_found":
        break;
      // @ts-expect-error "rate_limit" is a typo of "rate_limited".
      case "rate_limit":
        break;
      default:
        expectTypeOf(e.kind).toEqualTypeOf<Exclude<HiroApiErrorKind, "not_found" | "locale_not_found">>();
    }
  });
});

describe("the family", () => {
  it("HiroTimeoutError is a HiroNetworkError", () => {
    expectTypeOf<HiroTimeoutError>().toExtend<HiroNetworkError>();
    expectTypeOf<HiroTimeoutError["timeoutMs"]>().toEqualTypeOf<number>();
    expectTypeOf<HiroTimeoutError["attempts"]>().toEqualTypeOf<number>();
  });

  it("HiroWaitTimeoutError is a HiroError, not a network error, with a typed lastError", () => {
    expectTypeOf<HiroWaitTimeoutError>().toExtend<HiroError>();
    expectTypeOf<HiroWaitTimeoutError>().not.toExtend<HiroNetworkError>();
    expectTypeOf<HiroWaitTimeoutError["deadlineMs"]>().toEqualTypeOf<number>();
    expectTypeOf<HiroWaitTimeoutError["lastError"]>().toEqualTypeOf<HiroApiErrorOf<"metadata_pending">>();
    expectTypeOf<HiroWaitTimeoutError["lastError"]["kind"]>().toEqualTypeOf<"metadata_pending">();
    expectTypeOf<HiroWaitTimeoutError["cause"]>().toEqualTypeOf<HiroApiErrorOf<"metadata_pending">>();
  });

  it("HiroIncompleteListError is a HiroError (not an API or network one) with its counts", () => {
    expectTypeOf<HiroIncompleteListError>().toExtend<HiroError>();
    expectTypeOf<HiroIncompleteListError>().not.toExtend<HiroNetworkError>();
    expectTypeOf<HiroIncompleteListError["total"]>().toEqualTypeOf<number>();
    expectTypeOf<HiroIncompleteListError["received"]>().toEqualTypeOf<number>();
    expectTypeOf<HiroIncompleteListError["offset"]>().toEqualTypeOf<number>();
  });
});
