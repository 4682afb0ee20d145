/**
 * The checks of where and with what the client reaches a service: a base URL and an API key. Neither
 * ever echoes a secret: a refused URL is shown without its credentials, a refused key not at all.
 */
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { withoutUserinfo } from "../errors/without-secret.js";

/**
 * Checks a base URL: http(s), no credentials, query or fragment. Returns it without trailing slashes.
 * A refused URL is never echoed whole: it may hold a password. `keyOption` is what the refusal of a URL
 * with credentials tells to pass the key with (the client's `apiKey`; a command line's flag).
 */
export function checkBaseUrl(name: string, value: unknown, keyOption = "apiKey"): string {
  let url: URL | undefined;
  try {
    url = typeof value === "string" ? new URL(value) : undefined;
  } catch {}
  const problem = !url
    ? `must be an absolute http(s) URL; got ${typeof value === "string" ? JSON.stringify(printable(withoutUserinfo(value), 80)) : typeof value}`
    : url.protocol !== "http:" && url.protocol !== "https:"
      ? `must use http or https; got ${url.protocol}`
      : url.username || url.password
        ? `must not carry credentials (user:password@): pass a key with ${keyOption}`
        : url.search || url.hash || /[?#]/.test(String(value))
          ? `must not have a query or fragment; got ${printable(url.origin + url.pathname, 80)}?…`
          : undefined;
  if (problem || !url) throw new HiroValidationError(name, problem ?? "is invalid");
  // Trailing slashes off by a loop: a regex backtracked for seconds on 40,000 slashes then a letter.
  let end = url.href.length;
  while (end > 0 && url.href.charCodeAt(end - 1) === 47) end--;
  return url.href.slice(0, end);
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
