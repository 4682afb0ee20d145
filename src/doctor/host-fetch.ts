/**
 * The doctor's own GET to a token's host (its metadata URI, its image): nothing but GET, no credential
 * and no header of the client's (the API key is for the metadata service only), redirects followed by
 * hand up to a bound and to http(s) only, the body read under a byte cap, all under one deadline.
 */
import { BodyTooLargeError, readBody } from "../transport/read-body.js";

/** How a host is fetched. */
export interface HostFetchSettings {
  /** The `fetch` to use (tests, proxies). Default: the global `fetch`. */
  fetch?: typeof fetch | undefined;
  /** Deadline of the whole fetch, redirects and body included, in ms. */
  timeoutMs: number;
  /** Redirects followed at most. */
  maxRedirects: number;
  /** The caller's signal, to stop early. */
  signal?: AbortSignal | undefined;
}

/** A host's answer: its status and headers, and the body (`undefined` when larger than the cap). */
export interface HostAnswer {
  ok: true;
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  body: Uint8Array | undefined;
  /** The body went past the cap (it was not read further). */
  tooLarge: boolean;
}

/** No answer: why, in a few words. */
export interface HostFailure {
  ok: false;
  url: string;
  reason: string;
}

/** GETs `url` with `accept`, reading at most `maxBytes` of the body. Never rejects (unless aborted by the caller). */
export async function hostGet(
  url: URL,
  accept: string,
  maxBytes: number,
  settings: HostFetchSettings,
): Promise<HostAnswer | HostFailure> {
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const signal = settings.signal ? AbortSignal.any([settings.signal, deadline]) : deadline;
  const doFetch = settings.fetch ?? globalThis.fetch;
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const response = await doFetch(current.href, {
        method: "GET",
        headers: { accept },
        redirect: "manual",
        credentials: "omit",
        signal,
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location !== null) {
        response.body?.cancel().catch(() => {});
        if (hop >= settings.maxRedirects)
          return { ok: false, url: current.href, reason: `more than ${settings.maxRedirects} redirects` };
        const next = new URL(location, current);
        if (next.protocol !== "http:" && next.protocol !== "https:")
          return { ok: false, url: current.href, reason: "a redirect to a scheme other than http(s)" };
        current = next;
        continue;
      }
      try {
        const body = (await readBody(response, "bytes", maxBytes, settings.fetch === undefined, signal)) as
          | Uint8Array
          | undefined;
        return {
          ok: true,
          url: current.href,
          status: response.status,
          headers: response.headers,
          body,
          tooLarge: false,
        };
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        return {
          ok: true,
          url: current.href,
          status: response.status,
          headers: response.headers,
          body: undefined,
          tooLarge: true,
        };
      }
    }
  } catch (error) {
    if (settings.signal?.aborted) throw settings.signal.reason;
    const reason = deadline.aborted
      ? `no answer within ${settings.timeoutMs} ms`
      : error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
        : String(error);
    return { ok: false, url: current.href, reason };
  }
}
