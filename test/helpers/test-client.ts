/**
 * `createTestClient`: the one way a test builds a lookup client (the pattern of openapi-fetch's own test
 * helpers). Say only what differs from the default; no global mock.
 *
 * - `createTestClient(handler, options)`: a client on {@link LOCAL} whose every request the handler
 *   answers: the handler is the client's injected `fetch` (see fake-fetch.ts); each request it saw is kept
 *   in `requests`. No network.
 * - `createTestClient(server, options)`: a client on a real loopback server's URL (`server.url`, or the URL
 *   itself), with the platform's `fetch` (no injected one, so the client's own path is the one tested).
 *   `requests` is the server's record, if it keeps one.
 */
import { createLookupClient, type LookupClient, type LookupClientOptions } from "../../src/index.js";
import { fakeFetch, type Handler, LOCAL } from "./fake-fetch.js";

export interface TestClient<R = Request> {
  client: LookupClient;
  /** Every request sent, in order: as the handler got it, or as the server recorded it. */
  requests: R[];
}

/**
 * Where the client goes: a loopback server a test started (its `url`, and the requests it recorded if it
 * keeps them), or a base URL as the client takes it (one URL, or one per service).
 */
export type Served =
  | NonNullable<LookupClientOptions["baseUrl"]>
  | { url: string; requests?: readonly unknown[] };
/** The client's options, less `fetch` (the handler is the fetch; a server's client uses the platform's). */
export type TestClientOptions = Omit<LookupClientOptions, "fetch">;

export function createTestClient(handler: Handler, options?: TestClientOptions): TestClient;
export function createTestClient<S extends Served>(
  server: S,
  options?: TestClientOptions,
): TestClient<S extends { requests: ReadonlyArray<infer R> } ? R : never>;
/** `options` are laid over the default (another `baseUrl`, `maxRetries: 0`, middleware…). */
export function createTestClient(
  source: Handler | Served,
  options: TestClientOptions = {},
): TestClient<unknown> {
  if (typeof source === "function") {
    const { fetch, requests } = fakeFetch(source);
    return { client: createLookupClient({ baseUrl: LOCAL, ...options, fetch }), requests };
  }
  const server = typeof source === "object" && "url" in source ? source : undefined;
  const baseUrl = server ? server.url : (source as LookupClientOptions["baseUrl"]);
  return {
    client: createLookupClient({ ...options, baseUrl }),
    requests: (server?.requests ?? []) as unknown[],
  };
}
