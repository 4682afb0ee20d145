/**
 * Checks of client and per-call options. Each throws a {@link HiroValidationError} naming the option
 * and what is allowed, before anything is sent.
 */
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";

/**
 * Checks a duration option in ms; `name` is the option's name in messages. The ceiling is setTimeout's:
 * Node fires a longer timer after 1 ms.
 */
export function checkTimeout(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new HiroValidationError(
      name,
      `must be a number of milliseconds > 0, at most 2147483647 (about 24.8 days); got ${String(value)}`,
    );
  }
  return value;
}

/** Checks a retry count option; `name` is the option's name in messages. */
export function checkRetries(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 10) {
    throw new HiroValidationError(name, `must be an integer from 0 to 10; got ${String(value)}`);
  }
  return value;
}

/** Checks a rate in requests per second: a finite number > 0, at most 1 000 000. */
export function checkRate(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 1_000_000) {
    throw new HiroValidationError(
      name,
      `must be a number of requests per second > 0, at most 1000000; got ${String(value)}`,
    );
  }
  return value;
}

/** Checks a byte count: a positive safe integer. */
export function checkByteCount(name: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new HiroValidationError(name, `must be a whole number of bytes >= 1; got ${String(value)}`);
  }
  return value;
}

/** Checks headers up front, so a bad one is a validation error and not a failed "network" call. */
export function checkHeaders(name: string, value: HeadersInit | undefined): Headers | undefined {
  if (value === undefined) return undefined;
  try {
    return new Headers(value);
  } catch {
    throw new HiroValidationError(
      name,
      "must be valid HTTP headers (names are tokens; values have no CR, LF or NUL)",
    );
  }
}

/** `text` cut before its last `@`, where a URL's `user:password@` ends (it did not parse, so by pattern). */
const withoutUserinfo = (text: string) => text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/is, "$1…@");

/**
 * Checks a base URL: http(s), no credentials, query or fragment. Returns it without trailing slashes.
 * A refused URL is never echoed whole: it may hold a password.
 */
export function checkBaseUrl(name: string, value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {}
  const problem = !url
    ? `must be an absolute http(s) URL; got ${typeof value === "string" ? JSON.stringify(printable(withoutUserinfo(value), 80)) : typeof value}`
    : url.protocol !== "http:" && url.protocol !== "https:"
      ? `must use http or https; got ${url.protocol}`
      : url.username || url.password
        ? "must not carry credentials (user:password@): pass a key with apiKey"
        : url.search || url.hash || /[?#]/.test(String(value))
          ? `must not have a query or fragment; got ${printable(url.origin + url.pathname, 80)}?…`
          : undefined;
  if (problem || !url) throw new HiroValidationError(name, problem ?? "is invalid");
  return url.href.replace(/\/+$/, "");
}

/** Checks an API key: printable ASCII. An empty one (an unset environment variable) means none. */
export function checkApiKey(name: string, value: unknown): string | undefined {
  if (value === undefined || value === "") return undefined;
  // The key itself is never echoed, not even in this message.
  if (typeof value !== "string" || !/^[\x21-\x7e]+$/.test(value)) {
    throw new HiroValidationError(
      name,
      "must be a string of printable ASCII characters (no spaces or line breaks)",
    );
  }
  return value;
}
