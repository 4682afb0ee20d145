/**
 * `hiro-lookup/server`'s types: the handler is a web-standard fetch handler (what a Next.js route, Bun.serve,
 * Deno.serve and a Worker take), its options take the lookup client's as `upstream`, and a store in Keyv's
 * contract fits `shared.store`.
 */
import { describe, expectTypeOf, it } from "vitest";
import {
  createLookupGateway,
  createLookupHandler,
  type GatewayShared,
  type LookupFetchHandler,
  type LookupHandlerOptions,
  type LookupStore,
} from "../../src/server/index.js";

describe("hiro-lookup/server types", () => {
  it("a handler is (request: Request, info?) => Promise<Response>: a Next.js route's GET, Deno's, Bun's and a Worker's fetch", () => {
    const handler = createLookupHandler({ upstream: { apiKey: "k" }, fresh: 5_000 });
    expectTypeOf(handler).toEqualTypeOf<LookupFetchHandler>();
    expectTypeOf(handler).toMatchTypeOf<(request: Request) => Promise<Response>>();
    // Deno.serve(handler): (request, info: Deno.ServeHandlerInfo).
    const deno: (
      request: Request,
      info: { remoteAddr: { transport: "tcp"; hostname: string; port: number } },
    ) => Response | Promise<Response> = handler;
    // Bun.serve({ fetch }): (request, server), server.requestIP(request).
    const bun: (
      request: Request,
      server: { requestIP(request: Request): { address: string; port: number } | null },
    ) => Response | Promise<Response> = handler;
    // A Worker's fetch(request, env, ctx).
    const worker: (
      request: Request,
      env: Record<string, unknown>,
      ctx: { waitUntil(promise: Promise<unknown>): void },
    ) => Promise<Response> = handler;
    expectTypeOf([deno, bun, worker]).toBeArray();
    expectTypeOf(handler).parameter(1).toMatchTypeOf<{ callerKey?: string } | object | undefined>();
    // A route handler gets (request, context): a one-parameter function fits.
    const GET: (
      request: Request,
      context: { params: Promise<Record<string, string[]>> },
    ) => Promise<Response> = handler;
    expectTypeOf(GET).toBeFunction();
    expectTypeOf(createLookupGateway().fetch).toEqualTypeOf<LookupFetchHandler>();
  });

  it("takes the client's options as upstream, and refuses what is not an option", () => {
    expectTypeOf<{
      upstream: { baseUrl: string; maxRequestsPerSecond: number };
    }>().toMatchTypeOf<LookupHandlerOptions>();
    // @ts-expect-error: fresh is a number of ms
    createLookupHandler({ fresh: "10s" });
    // @ts-expect-error: the key goes in upstream, with the client's options
    createLookupHandler({ apiKey: "k" });
  });

  it("a Map-like store with a TTL (Keyv's contract) fits shared.store", () => {
    const map = new Map<string, string>();
    const store: LookupStore = {
      get: (key) => map.get(key),
      set: (key, value, _ttlMs) => map.set(key, value),
      delete: (key) => map.delete(key),
    };
    expectTypeOf<{ store: typeof store }>().toMatchTypeOf<GatewayShared>();
  });
});
