/**
 * Secrets kept out of messages. The client's own API key blanked out of server text: a gateway that echoes `x-api-key` in a 401 or
 * 500 body (a debug page, say) must not get the key into `HiroApiError.message`, `.body`, a log or a
 * terminal. The key is replaced wherever it appears, in text or in any string of a parsed JSON body.
 */

/** What stands in for the key. */
export const BLANKED_KEY = "[api key]";
/** A key shorter than this is not searched for: blanking a 2-letter key would rewrite every word. */
const MIN_KEY_LENGTH = 6;

/** `value` (text, or a parsed JSON body) with every occurrence of `key` replaced by {@link BLANKED_KEY}. */
export function withoutSecret<T>(value: T, key: string | undefined): T {
  if (key === undefined || key.length < MIN_KEY_LENGTH || value === undefined || value === null) return value;
  if (typeof value === "string") return value.replaceAll(key, BLANKED_KEY) as T;
  if (typeof value !== "object") return value;
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch {
    return value; // nested too deep to write: kept out of messages elsewhere (the body is cut to text)
  }
  // The key as JSON writes it inside a string (a key with a quote or a backslash is escaped there).
  const written = JSON.stringify(key).slice(1, -1);
  return json.includes(written) ? (JSON.parse(json.replaceAll(written, BLANKED_KEY)) as T) : value;
}

/**
 * `text` cut before its last `@`, where a URL's `user:password@` ends, its scheme kept: for text that did
 * not parse as a URL (a refused base URL, a `raw` path that is a URL), so the credentials are found by
 * pattern, whatever characters a password holds.
 */
export const withoutUserinfo = (text: string): string =>
  text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/is, "$1…@");
