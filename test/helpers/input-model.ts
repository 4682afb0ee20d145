/**
 * The input model of the "hostile input" properties (validate-input.test.ts): what each parameter
 * must become (rejected, left out, or sent as exactly this text), computed here independently of the
 * client, and the values to feed it (hostile strings, any code points, any JS value, near-valid
 * values of each parameter).
 */
import fc from "fast-check";
import { operations } from "../../src/spec-entry.js";
import { emptyPageFor, json, LOCAL } from "./fake-fetch.js";
import { FIXTURE_PARAMS, type OperationName } from "./lookup-calls.js";

const BASE = LOCAL;
export const U128_MAX = 2n ** 128n - 1n;
export const ORDINAL_MAX = 2_099_999_997_689_999n;
/** The start of a contract principal: a c32 address (the spec's `address` pattern), restated. */
export const ADDRESS_START = /^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}/;
/** The spec's principal pattern (c32 address, a dot, a contract name), restated, not imported. */
export const PRINCIPAL_PATTERN = /^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\.[a-zA-Z][a-zA-Z0-9_-]{0,39}$/;
/** C0/C1 controls, DEL and bidi overrides: none may reach an error message. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** A lone (unpaired) UTF-16 surrogate: such a string has no UTF-8 form, so no percent-encoding. */
export const LONE_SURROGATE = /\p{Cs}/u;
/** U+0000: the service's PostgreSQL refuses it in a query's text (a 500), so no free text carries one. */
const NUL = "\u0000";

// ---- the canonical form, computed independently ----------------------------------------------

/** What a value must become: rejected, left out of the URL, or sent as exactly this text. */
export type Canonical = { type: "reject" } | { type: "omit" } | { type: "send"; text: string };
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
export const encodeQueryValue = (text: string) => encodeURIComponent(text).replaceAll("'", "%27");

export const CANONICAL: Record<string, (value: unknown) => Canonical> = {
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
      : typeof v === "string" && !LONE_SURROGATE.test(v) && !v.includes(NUL) && v.length <= 35
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
  // getFungibleTokens' filters: free text up to 256 UTF-16 units ("" is no filter), an address prefix,
  // a boolean, two enums.
  name: (v) => textFilter(v),
  symbol: (v) => textFilter(v),
  address: (v) =>
    v === undefined
      ? omit
      : typeof v === "string" && ADDRESS_START.test(v) && !v.includes(NUL) && v.length <= 256
        ? send(encodeQueryValue(v))
        : reject,
  valid_metadata_only: (v) => (v === undefined ? omit : typeof v === "boolean" ? send(String(v)) : reject),
  order_by: (v) => (v === undefined ? omit : v === "name" || v === "symbol" ? send(v) : reject),
  order: (v) => (v === undefined ? omit : v === "asc" || v === "desc" ? send(v) : reject),
};

function textFilter(v: unknown): Canonical {
  if (v === undefined || v === "") return omit;
  return typeof v === "string" && !LONE_SURROGATE.test(v) && !v.includes(NUL) && v.length <= 256
    ? send(encodeQueryValue(v))
    : reject;
}

/** A fixture parameter as its text (a search's contract list is sent as repeated keys). */
const fixtureText = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];

/**
 * The exact URL of a call of `operation` whose `parameter` has this canonical form and whose other
 * parameters are the fixture's, built from the operation table's path and parameter order; `segments`
 * is the path's segment count, which nothing sent may change.
 */
export function expectedUrl(
  operation: OperationName,
  parameter: string,
  canonical: Canonical & { type: "send" | "omit" },
) {
  const { path, queryParams } = operations[operation];
  const fixture = FIXTURE_PARAMS[operation];
  const texts = (name: string): string[] =>
    name === parameter ? (canonical.type === "send" ? [canonical.text] : []) : fixtureText(fixture[name]);
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => texts(name)[0] ?? "");
  const pairs = queryParams.flatMap((name) =>
    texts(name).map((text) => `${name}=${name === parameter ? text : encodeQueryValue(text)}`),
  );
  return {
    url: `${BASE}${filled}${pairs.length === 0 ? "" : `?${pairs.join("&")}`}`,
    segments: path.split("/").length - 1,
  };
}

/**
 * The answer a well-behaved service gives the sweep's `request` of `operation`: an empty page, `[]` for a
 * search, and for the FT list one token that every filter sent selects (so the answer checks of the
 * filters run on an item): named by the `name` filter's LIKE witness, its symbol the `symbol` filter, its
 * contract under the `address` prefix.
 */
export function sweepAnswer(operation: OperationName, request: Request): Response {
  if (operation === "searchTokens") return json([]);
  if (operation !== "getFungibleTokens") return json(emptyPageFor(request));
  const query = new URL(request.url).searchParams;
  const contract = `${query.get("address") ?? "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM"}.token`;
  const item = {
    name: likeWitness(query.get("name") ?? ""),
    symbol: query.get("symbol") ?? "TKN",
    tx_id: `0x${"ab".repeat(32)}`,
    sender_address: contract.split(".")[0],
    asset_identifier: `${contract}::token`,
    contract_principal: contract,
  };
  const page = emptyPageFor(request);
  // Past the largest total a page can state, the answer is the empty page.
  if (!Number.isSafeInteger(page.offset + 1)) return json(page);
  return json({ ...page, total: page.offset + 1, results: [item] });
}

/**
 * A name the service's `LOWER(name) LIKE '%' || LOWER(filter) || '%'` selects: each literal as itself (an
 * escaped one without its `\\`), `_` as "x", `%` as nothing; a filter's trailing lone `\\` escapes the
 * closing `%`, so the name then ends in "%".
 */
export function likeWitness(filter: string): string {
  const pattern = `%${filter}%`;
  let name = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === "\\" && i + 1 < pattern.length) name += pattern[++i];
    else if (char === "_") name += "x";
    else if (char !== "%") name += char;
  }
  return name;
}

// ---- arbitraries --------------------------------------------------------------------------------

export const HOSTILE_STRINGS = [
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
  "wrapped-bitcoin",
  "%_".repeat(28),
  "a\\",
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

export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
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

/**
 * Free text for a filter: LIKE's own syntax (`%`, `_`, `\\`), RegExp syntax (which a RegExp-built
 * matcher choked on: `-`, `(`, `*`), case pairs, astral characters, and lengths around the 256 limit.
 */
const likeText = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      "%",
      "_",
      "\\",
      "-",
      "(",
      "[",
      "*",
      "?",
      "/",
      "a",
      "A",
      "é",
      "É",
      "\u0130",
      "😀",
      " ",
    ),
    maxLength: 40,
  }),
  fc.constantFrom(
    "wrapped-bitcoin",
    "%_".repeat(28),
    "%_".repeat(128),
    "a".repeat(256),
    "a".repeat(257),
    "100\\%",
  ),
  fc.string({ unit: "grapheme", maxLength: 300 }),
);

/** Valid and nearly valid values of each parameter, so both outcomes are exercised. */
export const NEAR_VALID: Record<string, fc.Arbitrary<unknown>> = {
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
  name: likeText,
  symbol: likeText,
  address: fc.oneof(
    fc.stringMatching(/^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{26,44}$/),
    fc
      .tuple(
        fc.stringMatching(/^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}$/),
        fc.constantFrom(...HOSTILE_STRINGS),
      )
      .map(([address, hostile]) => `${address}${hostile}`),
    fc.constantFrom(
      "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex",
      "sp102v8p0f7jx67arq77wea3d3cfb5xw39redt0am",
    ),
  ),
  valid_metadata_only: fc.constantFrom(true, false, "true", 1, 0),
  order_by: fc.constantFrom("name", "symbol", "NAME", "supply", ""),
  order: fc.constantFrom("asc", "desc", "ASC", "up", ""),
};

/**
 * The parameters the sweep feeds, each with the operations that take it, from the operation table.
 * `contract` (a search's list of token ids, split into requests of 50) has its own properties in
 * search-tokens.test.ts.
 */
export const SWEPT_ELSEWHERE = ["contract"];
export const TAKEN_BY: Record<string, OperationName[]> = {};
for (const operation of Object.keys(operations) as OperationName[]) {
  const { pathParams, queryParams } = operations[operation];
  for (const parameter of [...pathParams, ...queryParams]) {
    if (SWEPT_ELSEWHERE.includes(parameter)) continue;
    TAKEN_BY[parameter] = [...(TAKEN_BY[parameter] ?? []), operation];
  }
}

/** A printable-ASCII token (an API key, a header value's halves). */
export const token = fc.stringMatching(/^[\x21-\x7e]{8,64}$/);
