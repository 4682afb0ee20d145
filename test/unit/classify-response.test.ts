/**
 * The classifier of non-2xx answers, called directly: the `kind` comes from the spec's documented error
 * bodies (own keys only), and the message is one short printable line, whatever the server sent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiErrorFor, type ClassifyInput, invalidResponseError } from "../../src/errors/classify-response.js";
import { HiroApiError } from "../../src/index.js";
import type { OperationId } from "../../src/spec/types.js";

const OPERATIONS: OperationId[] = ["getSftMetadata", "getSatoshiInscriptions", "getTransactionActivity"];
/** C0 and C1 controls and DEL: none may reach a message. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function classify(status: number, body: unknown, operationId: OperationId = "getSftMetadata"): HiroApiError {
  const input: ClassifyInput = {
    operationId,
    status,
    body,
    headers: new Headers(),
    url: "https://api.hiro.so/x",
    retryAfterMs: undefined,
  };
  return apiErrorFor(input);
}

describe("kind, from the spec's x-error-kind", () => {
  it.each([
    [404, { error: "Token not found" }, "not_found"],
    [404, { error: "Contract not found" }, "not_found"],
    [422, { error: "Token metadata fetch in progress" }, "metadata_pending"],
    [422, { error: "Locale not found" }, "locale_not_found"],
    [422, { error: "Token error", message: "Metadata could not be parsed" }, "token_error"],
  ])("getSftMetadata %d %j is %s", (status, body, kind) => {
    expect(classify(status, body).kind).toBe(kind);
  });

  it.each([
    ["token_error without its message", 422, { error: "Token error" }],
    ["token_error with a non-string message", 422, { error: "Token error", message: 5 }],
    ["a 404 string on a 422", 422, { error: "Token not found" }],
    ["a 422 string on a 404", 404, { error: "Locale not found" }],
    ["an unknown error string", 422, { error: "Something else" }],
    ["an error that is not a string", 404, { error: ["Token not found"] }],
  ])("%s is unexpected_status", (_, status, body) => {
    expect(classify(status, body).kind).toBe("unexpected_status");
  });

  it("a documented body on another operation is unexpected_status", () => {
    expect(classify(404, { error: "Token not found" }, "getSatoshiInscriptions").kind).toBe(
      "unexpected_status",
    );
  });

  // Regression: the map was a plain object literal, so an inherited key (a prototype method) matched
  // and `kind` became a function.
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])(
    'a 422 body {"error": "%s"} is unexpected_status, never an inherited property',
    (name) => {
      const error = classify(422, JSON.parse(`{"error": ${JSON.stringify(name)}}`));
      expect(error.kind).toBe("unexpected_status");
      expect(typeof error.kind).toBe("string");
    },
  );

  it("an error or message inherited from the body's prototype is not read", () => {
    const body = Object.create({ error: "Token error", message: "inherited" }) as object;
    expect(classify(422, body).kind).toBe("unexpected_status");
    const own = Object.assign(Object.create({ message: "inherited" }) as object, { error: "Token error" });
    expect(classify(422, own).kind).toBe("unexpected_status");
  });
});

describe("a huge body is never processed whole", () => {
  // 50 MB: a regex over the whole of it (the old trim/replace) is what this guards against.
  const huge = `${"word ".repeat(9_000_000)}${"  \n\t ".repeat(1_000_000)}`;

  it("a 503 with a multi-megabyte text body: message ≤ 300 chars, body cut to 1024", () => {
    const error = classify(503, huge);
    expect(error.kind).toBe("server_error");
    expect(error.message.length).toBeLessThanOrEqual(300);
    expect(error.message).toMatch(/^getSftMetadata: HTTP 503 word word .*… \(server_error\)$/);
    expect(typeof error.body).toBe("string");
    expect((error.body as string).length).toBeLessThanOrEqual(1024);
    expect(huge.startsWith(error.body as string)).toBe(true);
  });

  it("a 502 whose huge text body starts blank says so, with its length", () => {
    const blankFirst = `${"  \n\t ".repeat(1_000_000)}${"word ".repeat(9_000_000)}`;
    const error = classify(502, blankFirst);
    expect(error.message).toBe(
      "getSftMetadata: HTTP 502 a body of 50000000 characters, blank at the start (server_error)",
    );
    expect((error.body as string).length).toBe(1024);
  });

  it("a short blank text body is no body", () => {
    expect(classify(502, " \r\n ").message).toBe("getSftMetadata: HTTP 502 no body (server_error)");
  });

  it("a huge error and message in a JSON body: a short message", () => {
    const error = classify(500, { error: "x".repeat(5_000_000), message: "y".repeat(5_000_000) });
    expect(error.message.length).toBeLessThanOrEqual(300);
    expect(error.message).toMatch(/^getSftMetadata: HTTP 500 x+… \(server_error\)$/);
  });

  it("a 2xx body that is not JSON: body cut to 1024, message short", () => {
    const error = invalidResponseError(
      {
        operationId: "getSftMetadata",
        status: 200,
        headers: new Headers(),
        url: "https://api.hiro.so/x",
        retryAfterMs: undefined,
      },
      huge,
      `a body that is not valid JSON (text/html\u001b[31m${"z".repeat(10_000)})`,
    );
    expect((error.body as string).length).toBeLessThanOrEqual(1024);
    // The explanation is kept up to 400 characters, so its own words are never cut (issue 19).
    expect(error.message.length).toBeLessThanOrEqual(450);
    expect(error.message).not.toMatch(CONTROL);
  });
});

describe("messages are one short printable line", () => {
  it("terminal escapes, CR/LF, NUL and bidi overrides in server text are stripped", () => {
    const error = classify(500, {
      error: "Internal\u001b[2J\u001b[31m Error\r\nX-Fake: 1\u0000",
      message: "evil\u202ereversed\u2066",
    });
    expect(error.message).toBe(
      "getSftMetadata: HTTP 500 Internal [2J [31m Error X-Fake: 1: evil reversed (server_error)",
    );
  });

  it("property: any status and body give a message of at most 300 characters and no control character", () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.string({
        unit: fc.constantFrom("\u001b", "\r", "\n", "\u0000", "\u202e", "\u0085", "\u009b", "a", " "),
      }),
      fc.string({ minLength: 300, maxLength: 5000 }),
    );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      text,
      fc.record({ error: text }),
      fc.record({ error: text, message: text }),
      fc.record({ error: fc.constantFrom("Token error", "Token not found", "__proto__"), message: text }),
      fc.jsonValue(),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...OPERATIONS),
        fc.integer({ min: 100, max: 999 }),
        body,
        (op, status, b) => {
          const error = classify(status, b, op);
          expect(error).toBeInstanceOf(HiroApiError);
          expect(typeof error.kind).toBe("string");
          expect(error.message.length).toBeLessThanOrEqual(300);
          expect(error.message).not.toMatch(CONTROL);
        },
      ),
      { numRuns: 500 },
    );
  });
});
