/**
 * `createTestClient(handler)`: a lookup client whose every request the handler answers, in one call
 * (the pattern of openapi-fetch's own test helpers). No network, no global mock: the handler is the
 * client's injected `fetch` (see fake-fetch.ts), and each request it saw is kept in `requests`.
 */
import { createLookupClient, type LookupClient, type LookupClientOptions } from "../../src/index.js";
import { fakeFetch, type Handler, LOCAL } from "./fake-fetch.js";

export interface TestClient {
  client: LookupClient;
  /** Every request sent, in order, as the handler got it. */
  requests: Request[];
}

/**
 * A client on {@link LOCAL} (every service routed there) whose `fetch` is `handler`; `options` are
 * laid over that (another `baseUrl`, `maxRetries: 0`, middleware…).
 */
export function createTestClient(
  handler: Handler,
  options: Omit<LookupClientOptions, "fetch"> = {},
): TestClient {
  const { fetch, requests } = fakeFetch(handler);
  return { client: createLookupClient({ baseUrl: LOCAL, ...options, fetch }), requests };
}
