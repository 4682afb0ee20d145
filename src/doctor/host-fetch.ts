/**
 * The doctor's own GET to a token's host (its metadata URI, its image): nothing but GET, no credential
 * and no header of the client's (the API key is for the metadata service only), redirects followed by
 * hand up to a bound and to http(s) only, each hop's address checked (address-policy.ts), the body read
 * under a byte cap, all under one deadline. A failure says whether this machine could not reach the host
 * (its DNS, a refused connection: nothing about the token) or the host failed to answer.
 */
import { BodyTooLargeError, readBody } from "../internal.js";
import { literalRefusal, PrivateAddressError } from "./address-policy.js";
import { type HostTransport, nodeTransport } from "./guarded-transport.js";

/** How a host is fetched. */
export interface HostFetchSettings {
  /** The `fetch` to use (tests, proxies). Default: Node's guarded GET, else the global `fetch`. */
  fetch?: typeof fetch | undefined;
  /** Fetch loopback, private, link-local… addresses too. Default false. */
  allowPrivateNetwork: boolean;
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

/**
 * Why there is no answer: `private_address` (refused by the address policy), `not_reached` (this
 * machine could not reach the host: DNS, a refused or unroutable connection), `timeout` (no answer by
 * the deadline), `failed` (too many redirects, a redirect off http(s), a connection cut).
 */
export type HostFailureKind = "private_address" | "not_reached" | "timeout" | "failed";

/** No answer: why, in a few words. */
export interface HostFailure {
  ok: false;
  kind: HostFailureKind;
  url: string;
  reason: string;
  /** The address refused, for `private_address`. */
  refused?: { host: string; address: string; range: string } | undefined;
}

/** Error codes meaning this machine could not reach the host (resolution or routing, before any answer). */
const NOT_REACHED = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_FAIL",
  "EAI_NONAME",
  "EAI_NODATA",
  "ECONNREFUSED",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
  "EADDRNOTAVAIL",
]);

/** The errors inside `error`: itself, its causes, an AggregateError's members (Node's happy eyeballs). */
function errorChain(error: unknown, depth = 0): unknown[] {
  if (depth > 4 || typeof error !== "object" || error === null) return [error];
  const members =
    error instanceof AggregateError ? error.errors.flatMap((e) => errorChain(e, depth + 1)) : [];
  const cause = "cause" in error ? errorChain(error.cause, depth + 1) : [];
  return [error, ...members, ...cause];
}

const codeOf = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;

/** `text` with any `user:password@` of a URL in it replaced by `***@`. */
function withoutCredentials(text: string): string {
  return text.replace(/(\/\/)[^/@\s]*@/g, "$1***@");
}

/** The GET to use: the caller's `fetch`, else Node's guarded one, else the platform's `fetch`. */
function transportOf(settings: HostFetchSettings): { get: HostTransport; native: boolean } {
  const wrap =
    (doFetch: typeof fetch): HostTransport =>
    (url, { accept, signal }) =>
      doFetch(url.href, {
        method: "GET",
        headers: { accept },
        redirect: "manual",
        credentials: "omit",
        signal,
      });
  if (settings.fetch) return { get: wrap(settings.fetch), native: false };
  const platform = wrap(globalThis.fetch);
  const node = nodeTransport(settings.allowPrivateNetwork);
  if (!node) return { get: platform, native: true };
  // On-chain JSON (`data:`) is read by the platform's fetch without a request; Node's GET speaks http(s).
  // Node's guarded GET counts the bytes it reads (native: false).
  return {
    get: (url, init) => (url.protocol === "data:" ? platform(url, init) : node(url, init)),
    native: false,
  };
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
  const transport = transportOf(settings);
  let current = url;
  const failure = (kind: HostFailureKind, reason: string): HostFailure => ({
    ok: false,
    kind,
    url: withoutCredentials(current.href),
    reason: withoutCredentials(reason),
  });
  try {
    for (let hop = 0; ; hop++) {
      // Checked on every hop: a redirect can point anywhere.
      const literal = settings.allowPrivateNetwork ? undefined : literalRefusal(current);
      if (literal) throw literal;
      const response = await transport.get(current, { accept, signal });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location !== null) {
        response.body?.cancel().catch(() => {});
        if (hop >= settings.maxRedirects)
          return failure("failed", `more than ${settings.maxRedirects} redirects`);
        const next = new URL(location, current);
        if (next.protocol !== "http:" && next.protocol !== "https:")
          return failure("failed", "a redirect to a scheme other than http(s)");
        current = next;
        continue;
      }
      try {
        const body = (await readBody(response, "bytes", maxBytes, transport.native, signal)) as
          | Uint8Array
          | undefined;
        const answer = {
          url: withoutCredentials(current.href),
          status: response.status,
          headers: response.headers,
        };
        return { ok: true, ...answer, body, tooLarge: false };
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        const answer = {
          url: withoutCredentials(current.href),
          status: response.status,
          headers: response.headers,
        };
        return { ok: true, ...answer, body: undefined, tooLarge: true };
      }
    }
  } catch (error) {
    if (settings.signal?.aborted) throw settings.signal.reason;
    const chain = errorChain(error);
    const refused = chain.find((each): each is PrivateAddressError => each instanceof PrivateAddressError);
    if (refused) {
      const { host, address, range } = refused;
      return { ...failure("private_address", refused.message), refused: { host, address, range } };
    }
    if (deadline.aborted) return failure("timeout", `no answer within ${settings.timeoutMs} ms`);
    const reason =
      error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
        : String(error);
    const code = chain.map(codeOf).find((each) => each !== undefined && NOT_REACHED.has(each));
    return code
      ? failure("not_reached", `${reason}${reason.includes(code) ? "" : ` (${code})`}`)
      : failure("failed", reason);
  }
}
