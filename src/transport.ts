/**
 * How an attempt leaves openapi-fetch. openapi-fetch still builds it (URL, query, merged headers), but
 * through its `Request` and `fetch` options it hands the result on as a URL and an init, not as a
 * `Request`: a real Request would be built here and copied again inside `fetch`, and undici makes each
 * copy follow the abort signal once more: 12–20 µs of CPU per request on the bench machine, which
 * is small next to undici's own cost but is all work nobody needed (bench/RESULTS.md).
 */

/** What a transport gets besides the URL: the merged headers and the attempt's abort signal. */
export interface TransportInit {
  headers: Headers;
  signal: AbortSignal;
}

/** Sends one GET. `fetch` is one; so is the ETag cache, which wraps another. */
export type Transport = (url: string, init: TransportInit) => Promise<Response>;

/** Stands in for `Request` in openapi-fetch (its `Request` option): it keeps what a transport needs. */
export class AttemptRequest implements TransportInit {
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  constructor(
    readonly url: string,
    init: RequestInit,
  ) {
    this.method = init.method ?? "GET";
    this.headers = init.headers as Headers; // openapi-fetch always passes the Headers it merged
    this.signal = init.signal as AbortSignal; // runLookup always passes the attempt's signal
  }
}

/** The query string of a lookup: its parameters are already checked and canonical, undefined ones dropped. */
export function serializeQuery(query: Record<string, unknown>): string {
  let search = "";
  for (const key in query) {
    const value = query[key];
    if (value !== undefined) search += `${search ? "&" : ""}${key}=${encodeURIComponent(String(value))}`;
  }
  return search;
}

/** Fills the `{name}` segments of a path template, percent-encoded. */
export function serializePath(url: string, path: Record<string, unknown>): string {
  return url.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(String(path[name])));
}
