/**
 * `testGateway`: the one way a unit test builds the gateway. Upstream is an injected fetch (no network),
 * its requests recorded; the clock is the test's own (`clock.now`, moved with `clock.advance`).
 */
import {
  createLookupGateway,
  type LookupGateway,
  type LookupHandlerOptions,
} from "../../src/server/index.js";
import { fakeFetch, type Handler, LOCAL } from "./fake-fetch.js";

export interface TestGateway {
  gateway: LookupGateway;
  /** Every upstream request, in order. */
  requests: Request[];
  clock: { now: number; advance(ms: number): void };
  /** GET `target` (or another method) through the web handler. */
  get(target: string, headers?: Record<string, string>, method?: string): Promise<Response>;
}

export function testGateway(handler: Handler, options: LookupHandlerOptions = {}): TestGateway {
  const upstream = fakeFetch(handler);
  const clock = {
    now: 1_700_000_000_000,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const gateway = createLookupGateway({
    now: () => clock.now,
    ...options,
    upstream: { baseUrl: LOCAL, fetch: upstream.fetch, ...options.upstream },
  });
  return {
    gateway,
    requests: upstream.requests,
    clock,
    get: (target, headers = {}, method = "GET") =>
      gateway.fetch(new Request(`http://gateway.test${target}`, { method, headers })),
  };
}
