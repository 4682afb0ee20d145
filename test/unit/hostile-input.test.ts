/**
 * Hostile input, through the public client over an injected fetch (no server, no network).
 *
 * - Every parameter, fed anything (strings of any code points, numbers, doubles, bigints, path
 *   traversal, percent-escapes, `?`, `#`, CR/LF, NUL, objects…), either fails with a HiroValidationError
 *   naming that parameter (its message one line of at most 300 characters, no control character) and
 *   sends nothing, or sends exactly one request whose URL is the canonical,
 *   percent-encoded one, computed here independently of the client.
 * - Nothing a caller passes as a parameter can reach a header; CR/LF in `apiKey` or `headers` is a
 *   HiroValidationError that does not repeat the value.
 * - The API key is in no error of any kind: not in `message`, `url`, `JSON.stringify` or a deep
 *   `util.inspect` (the one key-leak property of the suite; client.test.ts's examples were merged here).
 */
import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createLookupClient,
  HiroApiError,
  HiroNetworkError,
  HiroTimeoutError,
  HiroValidationError,
  type LookupClient,
  type LookupClientOptions,
  type RequestOptions,
  type SatoshiInscriptionsParams,
  type SftMetadataParams,
  type TransactionActivityParams,
} from "../../src/index.js";
import {
  emptyPage,
  fakeFetch,
  type Handler,
  json,
  LOCAL,
  never,
  ORDINAL,
  PRINCIPAL,
  TX_ID,
} from "../helpers/fake-fetch.js";

const BASE = LOCAL;
const U128_MAX = 2n ** 128n - 1n;
const ORDINAL_MAX = 2_099_999_997_689_999n;
/** The spec's principal pattern (c32 address, a dot, a contract name), restated, not imported. */
const PRINCIPAL_PATTERN = /^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\.[a-zA-Z][a-zA-Z0-9_-]{0,39}$/;
/** C0/C1 controls, DEL and bidi overrides: none may reach an error message. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** A lone (unpaired) UTF-16 surrogate: such a string has no UTF-8 form, so no percent-encoding. */
const LONE_SURROGATE = /\p{Cs}/u;

// ---- calling the three lookups with anything ----------------------------------------------------

type OperationName = "getSftMetadata" | "getSatoshiInscriptions" | "getTransactionActivity";
type Params = Record<string, unknown>;

// Hostile values are, by design, not assignable to the parameter types: the casts let them through.
const CALLS: Record<
  OperationName,
  (client: LookupClient, params: Params, options?: RequestOptions) => Promise<unknown>
> = {
  getSftMetadata: (client, params, options) =>
    client.getSftMetadata(
      { principal: PRINCIPAL, token_id: 35, ...params } as unknown as SftMetadataParams,
      options,
    ),
  getSatoshiInscriptions: (client, params, options) =>
    client.getSatoshiInscriptions(
      { ordinal: ORDINAL, ...params } as unknown as SatoshiInscriptionsParams,
      options,
    ),
  getTransactionActivity: (client, params, options) =>
    client.getTransactionActivity(
      { tx_id: TX_ID, ...params } as unknown as TransactionActivityParams,
      options,
    ),
};
const OPERATION_NAMES = Object.keys(CALLS) as OperationName[];

function setup(handler: Handler = emptyPage, options: Omit<LookupClientOptions, "fetch"> = {}) {
  const fake = fakeFetch(handler);
  return {
    client: createLookupClient({ baseUrl: LOCAL, fetch: fake.fetch, maxRetries: 0, ...options }),
    requests: fake.requests,
  };
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };
async function settle(call: () => Promise<unknown>): Promise<Settled> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error };
  }
}

// ---- the canonical form, computed independently ----------------------------------------------

/** What a value must become: rejected, left out of the URL, or sent as exactly this text. */
type Canonical = { type: "reject" } | { type: "omit" } | { type: "send"; text: string };
const reject: Canonical = { type: "reject" };
const omit: Canonical = { type: "omit" };
const send = (text: string): Canonical => ({ type: "send", text });

/** A non-negative integer given as a safe integer, a bigint or an ASCII decimal string, up to `max`. */
function integerText(value: unknown, max: bigint): Canonical {
  let n: bigint;
  if (typeof value === "bigint") n = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) n = BigInt(value);
  else if (typeof value === "string" && /^[0-9]+$/.test(value)) n = BigInt(value);
  else return reject;
  return n >= 0n && n <= max ? send(n.toString()) : reject;
}

/**
 * `encodeURIComponent`, then the WHATWG URL parser's own step: in the query of an http(s) URL it also
 * escapes `'` (the special-query percent-encode set), which encodeURIComponent leaves alone.
 */
const encodeQueryValue = (text: string) => encodeURIComponent(text).replaceAll("'", "%27");

const CANONICAL: Record<string, (value: unknown) => Canonical> = {
  principal: (v) => (typeof v === "string" && PRINCIPAL_PATTERN.test(v) ? send(v) : reject),
  // A u128 by type, but the service reads it as a JS number: an id that number rounds is refused.
  token_id: (v) => {
    const canonical = integerText(v, 2n ** 128n - 1n);
    if (canonical.type !== "send") return canonical;
    return String(Number(canonical.text)) === canonical.text ? canonical : reject;
  },
  locale: (v) =>
    v === undefined || v === ""
      ? omit
      : typeof v === "string" && !LONE_SURROGATE.test(v)
        ? send(encodeQueryValue(v))
        : reject,
  ordinal: (v) => integerText(v, ORDINAL_MAX),
  tx_id: (v) => {
    if (typeof v !== "string") return reject;
    const bare = v.replace(/^0x/i, "");
    return /^[0-9a-fA-F]{64}$/.test(bare) ? send(bare.toLowerCase()) : reject;
  },
  offset: (v) =>
    v === undefined
      ? omit
      : typeof v === "number" && Number.isSafeInteger(v) && v >= 0
        ? send(String(v))
        : reject,
  limit: (v) =>
    v === undefined
      ? omit
      : typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 60
        ? send(String(v))
        : reject,
};

/** The exact URL of a call, from the canonical forms of its parameters. */
function expectedUrl(
  operation: OperationName,
  parameter: string,
  canonical: Canonical & { type: "send" | "omit" },
) {
  const value = (name: string, fallback: string) =>
    parameter === name && canonical.type === "send" ? canonical.text : fallback;
  const queryPart = (names: string[]) => {
    const pairs = names.flatMap((name) =>
      parameter === name && canonical.type === "send" ? [`${name}=${canonical.text}`] : [],
    );
    return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
  };
  switch (operation) {
    case "getSftMetadata":
      return {
        url: `${BASE}/metadata/v1/sft/${value("principal", PRINCIPAL)}/${value("token_id", "35")}${queryPart(["locale"])}`,
        segments: 5,
      };
    case "getSatoshiInscriptions":
      return {
        url: `${BASE}/ordinals/v1/sats/${value("ordinal", String(ORDINAL))}/inscriptions${queryPart(["offset", "limit"])}`,
        segments: 5,
      };
    case "getTransactionActivity":
      return {
        url: `${BASE}/runes/v1/transactions/${value("tx_id", TX_ID)}/activity${queryPart(["offset", "limit"])}`,
        segments: 5,
      };
  }
}

// ---- arbitraries --------------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  "",
  " ",
  "../",
  "..",
  ".",
  "/",
  "\\",
  "%2F",
  "%2f",
  "%2e%2e",
  "%2e%2e%2f",
  "..%2F..%2F",
  "?",
  "#",
  "&",
  "=",
  "a/../../b",
  "a?b=c#d",
  "?offset=0&limit=1",
  "#frag",
  "\r\nX-Injected: 1",
  "\nX-Injected: 1",
  "\u0000",
  "a\u0000b",
  "\u2028",
  "\u202egnp.exe",
  "\u009b31m",
  "\u001b[2J",
  "\uFEFF1",
  "１",
  "١٢٣",
  "0x10",
  "1e3",
  " 5",
  "5 ",
  "+5",
  "-1",
  "-0",
  "1.0",
  "Infinity",
  "NaN",
  "340282366920938463463374607431768211456",
  "2099999997690000",
  "'",
  "!'()*~",
  "$&",
  "$'",
  "{principal}",
  "%",
  "%%",
  "%zz",
  "é",
  "😀",
];

/** A string of any code points, including lone surrogates and controls. */
const anyCodePoints = fc.string({
  unit: fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
    fc.constantFrom(
      "\r",
      "\n",
      "\u0000",
      "\u001b",
      "\u0085",
      "\u009b",
      "\u202e",
      "/",
      "?",
      "#",
      "%",
      ".",
      "'",
      " ",
    ),
  ),
});

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  anyCodePoints,
  fc.integer(),
  fc.double(),
  fc.bigInt(),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(
    undefined,
    null,
    true,
    false,
    0,
    -0,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 1,
    2 ** 64,
    -1n,
    0n,
    {},
    [],
    ["1"],
    { toString: () => "1" },
    Symbol("hostile"),
  ),
);

const hexString = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: length, maxLength: length });

/** Valid and nearly valid values of each parameter, so both outcomes are exercised. */
const NEAR_VALID: Record<string, fc.Arbitrary<unknown>> = {
  principal: fc.oneof(
    fc.stringMatching(PRINCIPAL_PATTERN),
    fc
      .tuple(fc.stringMatching(PRINCIPAL_PATTERN), fc.constantFrom(...HOSTILE_STRINGS))
      .chain(([principal, hostile]) =>
        fc.constantFrom(`${principal}${hostile}`, `${hostile}${principal}`, principal.replace(".", hostile)),
      ),
  ),
  token_id: fc.oneof(
    fc.bigInt({ min: 0n, max: U128_MAX }),
    fc.bigInt({ min: U128_MAX - 3n, max: U128_MAX + 3n }),
    fc.stringMatching(/^[0-9]{1,40}$/),
    fc.nat(),
    fc.constantFrom(U128_MAX.toString(), (U128_MAX + 1n).toString(), "0", "00000"),
  ),
  locale: fc.oneof(
    fc.constantFrom("es-MX", "en", "zh-Hant-TW", "de_DE"),
    fc.string({ unit: "grapheme" }),
    fc.string({ unit: "binary" }),
  ),
  ordinal: fc.oneof(
    fc.bigInt({ min: 0n, max: ORDINAL_MAX }),
    fc.bigInt({ min: ORDINAL_MAX - 3n, max: ORDINAL_MAX + 3n }),
    fc.stringMatching(/^[0-9]{1,17}$/),
    fc.nat(),
  ),
  tx_id: fc.oneof(
    hexString(64),
    hexString(64).map((hex) => `0x${hex}`),
    hexString(64).map((hex) => `0X${hex}`),
    fc.integer({ min: 60, max: 68 }).chain(hexString),
    fc.tuple(hexString(64), fc.constantFrom(...HOSTILE_STRINGS)).map(([hex, hostile]) => `${hex}${hostile}`),
  ),
  offset: fc.oneof(fc.nat(), fc.integer({ min: -5, max: 5 }), fc.constantFrom(Number.MAX_SAFE_INTEGER)),
  limit: fc.oneof(fc.integer({ min: -3, max: 64 }), fc.constantFrom(1, 60, 61, 20.0, 20.5)),
};

/** Which operations take each parameter. */
const TAKEN_BY: Record<string, OperationName[]> = {
  principal: ["getSftMetadata"],
  token_id: ["getSftMetadata"],
  locale: ["getSftMetadata"],
  ordinal: ["getSatoshiInscriptions"],
  tx_id: ["getTransactionActivity"],
  offset: ["getSatoshiInscriptions", "getTransactionActivity"],
  limit: ["getSatoshiInscriptions", "getTransactionActivity"],
};

/**
 * What a rejection's message says is allowed, for the values where the message is fixed: a string
 * principal (one of four reasons), a string tx_id, a number, bigint or string ordinal.
 */
const ALLOWED: Record<string, { applies: (value: unknown) => boolean; says: RegExp }> = {
  principal: {
    applies: (v) => typeof v === "string",
    says: new RegExp(
      [
        /must be a contract principal "<address>\.<contract name>", but has no "\."/,
        /the address before the "\." must be upper-case c32 .*28–41 chars/,
        /the contract name after the "\." must start with a letter, then letters, digits, - or _, at most 40/,
      ]
        .map((r) => r.source)
        .join("|"),
    ),
  },
  ordinal: {
    applies: (v) => ["number", "bigint", "string"].includes(typeof v),
    says: /an integer from 0 to 2099999997689999/,
  },
  tx_id: {
    applies: (v) => typeof v === "string",
    says: /64 hex characters \(an optional 0x prefix is removed\)/,
  },
};

/** Asserts the one allowed outcome of `params[parameter] = value` on `operation`. */
async function checkOne(operation: OperationName, parameter: string, value: unknown): Promise<void> {
  const { client, requests } = setup();
  const settled = await settle(() => CALLS[operation](client, { [parameter]: value }));
  const canonical = (CANONICAL[parameter] as (v: unknown) => Canonical)(value);
  const shown = inspect(value);
  if (canonical.type === "reject") {
    expect(settled.ok, `${parameter} = ${shown} must be rejected`).toBe(false);
    const error = settled.ok ? undefined : settled.error;
    expect(error, `${parameter} = ${shown}`).toBeInstanceOf(HiroValidationError);
    expect((error as HiroValidationError).parameter).toBe(parameter);
    // The value is echoed in the message: one short line, its control characters escaped.
    const { message } = error as HiroValidationError;
    expect(message.length, `${parameter} = ${shown}: ${message}`).toBeLessThanOrEqual(300);
    expect(message, `${parameter} = ${shown}`).not.toMatch(CONTROL);
    expect(message.startsWith(`${parameter}: `), message).toBe(true);
    const allowed = ALLOWED[parameter];
    if (allowed?.applies(value)) expect(message, `${parameter} = ${shown}`).toMatch(allowed.says);
    expect(requests, `${parameter} = ${shown}: nothing may be sent`).toHaveLength(0);
    return;
  }
  expect(settled, `${parameter} = ${shown} must be sent`).toMatchObject({ ok: true, value: { results: [] } });
  expect(requests).toHaveLength(1);
  const request = requests[0] as Request;
  const expected = expectedUrl(operation, parameter, canonical);
  expect(request.url, `${parameter} = ${shown}`).toBe(expected.url);
  const url = new URL(request.url);
  // No traversal, no extra segment, no fragment.
  expect(url.pathname.split("/").slice(1)).toHaveLength(expected.segments);
  expect(url.hash).toBe("");
  expect(request.method).toBe("GET");
  // Nothing of the value reaches a header: the request carries exactly the client's own headers.
  expect([...request.headers.keys()].sort()).toEqual([]);
}

describe("every parameter, fed anything", () => {
  for (const [parameter, operations] of Object.entries(TAKEN_BY)) {
    it(`${parameter}: a HiroValidationError naming it and no request, or exactly the canonical URL`, async () => {
      let arbitrary = fc.oneof(anyValue, NEAR_VALID[parameter] as fc.Arbitrary<unknown>);
      // Lone surrogates in a locale have a test of their own below (a known bug).
      if (parameter === "locale")
        arbitrary = arbitrary.filter((v) => !(typeof v === "string" && LONE_SURROGATE.test(v)));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...operations), arbitrary, (operation, value) =>
          checkOne(operation, parameter, value),
        ),
        { numRuns: 300 },
      );
    });
  }

  it.each(HOSTILE_STRINGS.map((s) => [JSON.stringify(s), s]))("every parameter, fed %s", async (_, value) => {
    for (const [parameter, operations] of Object.entries(TAKEN_BY)) {
      for (const operation of operations) await checkOne(operation, parameter, value);
    }
  });

  it("a locale with a lone surrogate is a HiroValidationError (locale) and nothing is sent", async () => {
    // Regression: encodeURIComponent throws URIError("URI malformed") on a lone surrogate. checkLocale used
    // to accept any string, so the throw came from openapi-fetch's URL building, was reported as a
    // HiroNetworkError, and was even retried (with backoff) although no request was ever sent.
    const loneSurrogateLocale = fc
      .tuple(fc.string(), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string())
      .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`)
      .filter((s) => LONE_SURROGATE.test(s));
    await fc.assert(
      fc.asyncProperty(loneSurrogateLocale, async (locale) => {
        const { client, requests } = setup();
        const settled = await settle(() => CALLS.getSftMetadata(client, { locale }));
        expect(settled.ok).toBe(false);
        const error = settled.ok ? undefined : settled.error;
        expect(error, `locale ${JSON.stringify(locale)} gave ${inspect(error)}`).toBeInstanceOf(
          HiroValidationError,
        );
        expect((error as HiroValidationError).parameter).toBe("locale");
        expect(requests).toHaveLength(0);
      }),
      { numRuns: 50 },
    );
  });
});

// ---- header injection ---------------------------------------------------------------------------

const LINE_BREAKS = ["\r\n", "\n", "\r", "\u0000", "\r\nX-Injected: 1\r\n"];
const token = fc.stringMatching(/^[\x21-\x7e]{8,64}$/);

describe("header injection", () => {
  it("a locale with CR/LF goes into the query percent-encoded, never into a header", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.constantFrom(...LINE_BREAKS),
        fc.stringMatching(/^X-[A-Za-z]{1,10}$/),
        fc.string(),
        async (before, lineBreak, name, after) => {
          const locale = `${before}${lineBreak}${name}: ${after}`;
          const { client, requests } = setup(() => json({}), { apiKey: "k-test-123" });
          await CALLS.getSftMetadata(client, { locale });
          const request = requests[0] as Request;
          expect(request.url).toBe(
            `${BASE}/metadata/v1/sft/${PRINCIPAL}/35?locale=${encodeQueryValue(locale)}`,
          );
          expect(request.url).not.toMatch(/[\r\n]/);
          expect(request.url).not.toContain("\u0000");
          expect([...request.headers.keys()]).toEqual(["x-api-key"]);
          expect(request.headers.get(name)).toBeNull();
        },
      ),
    );
  });

  it("CR, LF or NUL inside apiKey: a HiroValidationError at creation that does not repeat the key", () => {
    const message = (apiKey: string) => {
      try {
        createLookupClient({ apiKey });
      } catch (error) {
        expect(error).toBeInstanceOf(HiroValidationError);
        expect((error as HiroValidationError).parameter).toBe("apiKey");
        const { message } = error as Error;
        expect(message).toMatch(/^apiKey: .*printable ASCII characters/);
        expect(message).not.toMatch(/[\r\n]/);
        return message;
      }
      throw new Error("createLookupClient accepted the key");
    };
    const generic = message("\n");
    fc.assert(
      fc.property(token, fc.constantFrom(...LINE_BREAKS), token, (head, lineBreak, tail) => {
        fc.pre(!generic.includes(head) && !generic.includes(tail));
        const text = message(`${head}${lineBreak}${tail}`);
        expect(text).not.toContain(head);
        expect(text).not.toContain(tail);
      }),
    );
    // Other non-printable keys too: space, tab, non-ASCII, a line break at the end.
    for (const apiKey of [
      "a\r\nb",
      "sk-SECRET-KEY-123\n",
      "sk-SECRET KEY-456",
      "has space",
      "tab\tkey",
      "clé-secrète",
      " leading",
      "trailing ",
      "crlf-at-end-key\r\n",
    ]) {
      expect(message(apiKey)).not.toContain(apiKey.trim());
      expect(message(apiKey)).not.toContain("SECRET");
    }
  });

  it("CR, LF or NUL inside a header value: a HiroValidationError (headers) at creation and per call, without the value", async () => {
    const ways = (name: string, value: string): HeadersInit[] => [{ [name]: value }, [[name, value]]];
    await fc.assert(
      fc.asyncProperty(
        token,
        fc.constantFrom(...LINE_BREAKS),
        token,
        fc.constantFrom("authorization", "x-custom", "user-agent"),
        async (head, lineBreak, tail, name) => {
          const value = `${head}${lineBreak}${tail}`;
          for (const headers of ways(name, value)) {
            let error: unknown;
            try {
              createLookupClient({ headers });
            } catch (e) {
              error = e;
            }
            expect(error).toBeInstanceOf(HiroValidationError);
            expect((error as HiroValidationError).parameter).toBe("headers");
            expect((error as Error).message).not.toContain(head);
            expect((error as Error).message).not.toContain(tail);

            const { client, requests } = setup();
            const settled = await settle(() => CALLS.getTransactionActivity(client, {}, { headers }));
            const callError = settled.ok ? undefined : settled.error;
            expect(callError).toBeInstanceOf(HiroValidationError);
            expect((callError as HiroValidationError).parameter).toBe("headers");
            expect((callError as Error).message).not.toContain(head);
            expect(requests).toHaveLength(0);
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it("CR/LF around a header value is trimmed by the Fetch rules (not an error), and injects nothing", async () => {
    const { client, requests } = setup(emptyPage, { headers: { "x-custom": "\r\nvalue\r\n" } });
    await CALLS.getTransactionActivity(client, {}, { headers: { "x-trace": "\n trace \r\n" } });
    const request = requests[0] as Request;
    expect(request.headers.get("x-custom")).toBe("value");
    expect(request.headers.get("x-trace")).toBe("trace");
    expect([...request.headers.keys()].sort()).toEqual(["x-custom", "x-trace"]);
  });
});

// ---- the API key never leaks ----------------------------------------------------------------------

const FAILURES: Record<
  string,
  {
    handler: Handler;
    expected: typeof HiroApiError | typeof HiroNetworkError | typeof HiroTimeoutError;
    kind?: string;
  }
> = {
  "400": {
    handler: () =>
      json({ error: "Bad Request", message: "querystring/limit must be <= 60", statusCode: 400 }, 400),
    expected: HiroApiError,
    kind: "invalid_request",
  },
  "404": {
    handler: () => json({ error: "Not Found", message: "Not Found", statusCode: 404 }, 404),
    expected: HiroApiError,
  },
  "422": { handler: () => json({ error: "Token metadata fetch in progress" }, 422), expected: HiroApiError },
  "429": {
    handler: () => json({ error: "Too Many Requests" }, 429, { "retry-after": "1" }),
    expected: HiroApiError,
    kind: "rate_limited",
  },
  "500": {
    handler: () => json({ error: "Internal Server Error" }, 500),
    expected: HiroApiError,
    kind: "server_error",
  },
  "invalid JSON 200": {
    handler: () =>
      new Response("{not json", { status: 200, headers: { "content-type": "application/json" } }),
    expected: HiroApiError,
    kind: "invalid_response",
  },
  "not JSON, 200, no content type": {
    handler: () => new Response("nope", { status: 200 }),
    expected: HiroApiError,
    kind: "invalid_response",
  },
  "network error": {
    handler: () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }),
      });
    },
    expected: HiroNetworkError,
  },
  timeout: { handler: (request) => never(request), expected: HiroTimeoutError },
};

/** Everything an error carries, as text. */
const errorText = (error: unknown) =>
  [
    (error as Error).message,
    String((error as { url?: unknown }).url ?? ""),
    JSON.stringify(error),
    inspect(error, { showHidden: true, depth: 10 }),
  ].join("\n");

describe("the API key never appears in an error", () => {
  for (const [failure, { handler, expected, kind }] of Object.entries(FAILURES)) {
    it(`${failure}: not in message, url, JSON.stringify or util.inspect`, async () => {
      // The same failure without a key: a key that happens to be a substring of it is no leak.
      const { client: keyless } = setup(handler, { timeoutMs: 20 });
      const baseline = await settle(() => CALLS.getSftMetadata(keyless, {}));
      const baselineText = baseline.ok ? "" : errorText(baseline.error);

      await fc.assert(
        fc.asyncProperty(token, fc.constantFrom(...OPERATION_NAMES), async (apiKey, operation) => {
          fc.pre(!baselineText.includes(apiKey));
          const { client, requests } = setup(handler, { apiKey, timeoutMs: 20 });
          const settled = await settle(() => CALLS[operation](client, {}));
          expect(settled.ok).toBe(false);
          const error = settled.ok ? undefined : settled.error;
          expect(error).toBeInstanceOf(expected);
          if (kind !== undefined) expect((error as HiroApiError).kind).toBe(kind);
          // The key was sent (so it was there to leak), in its header only.
          expect(requests[0]?.headers.get("x-api-key")).toBe(apiKey);
          expect(requests[0]?.url).not.toContain(apiKey);
          const text = errorText(error);
          expect(text).not.toContain(apiKey);
          expect(text).not.toContain(encodeURIComponent(apiKey));
        }),
        { numRuns: failure === "timeout" ? 30 : 100 },
      );
    });
  }

  it("nor in a validation error raised by a client that holds it", async () => {
    await fc.assert(
      fc.asyncProperty(token, anyValue, async (apiKey, principal) => {
        const { client } = setup(() => json({}), { apiKey });
        const settled = await settle(() => CALLS.getSftMetadata(client, { principal }));
        fc.pre(!settled.ok && !(typeof principal === "string" && principal.includes(apiKey)));
        const text = errorText(settled.ok ? undefined : settled.error);
        expect(text).not.toContain(apiKey);
      }),
    );
  });
});
