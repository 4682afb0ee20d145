/**
 * The `fetch` the one openapi-fetch client is built with: everything below the middleware, so `client.raw`
 * and the lookups that go through openapi-fetch (when middleware or a custom fetch is registered) get the
 * same protection as the lookups' direct path. It names the operation of the request, attaches the API key
 * for the service's own origin (middleware never sees it) and runs the one attempt loop (`attempts.ts`),
 * then hands openapi-fetch a Response holding the bytes read. A decorator of `fetch`, as Octokit's
 * `wrap-request` is.
 */
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { type Routes, routeOf } from "../input/service-routes.js";
import { overJsonBudget } from "../shared/json-budget.js";
import { matchOperation, type ServiceName, serviceOf } from "../spec/services.js";
import type { OperationId } from "../spec/types.js";
import { type LoopSettings, runAttempts } from "./attempts.js";
import { readBody } from "./read-body.js";
import type { AttemptLimits, LookupCall, SentAnswer } from "./settings.js";

export type {
  AttemptLimits,
  CallAnswer,
  HeldRelease,
  LookupCall,
  Pacer,
  PacerSettle,
  RetryEvent,
  SentAnswer,
} from "./settings.js";

/** How much of an error body over the JSON budget openapi-fetch is handed: what an error keeps of it. */
const ERROR_TEXT_KEPT = 16 * 1024;

/** What the pipeline is built with. */
export interface PipelineSettings extends LoopSettings, AttemptLimits {
  /** The fetch underneath; looked up per attempt, so a replaced global fetch is used. */
  fetch: () => typeof fetch;
  /** Whether that is the runtime's own fetch, whose `Content-Length` can be trusted (see read-body.ts). */
  nativeFetch: boolean;
  /** Each service's base URL and key: a key is attached only to requests for its service's own origin. */
  routes: Routes;
}

/**
 * Checks where a request goes: under its service's base URL, the service prefix right after the base
 * path (`<base>/<service>/v1/…`), on a path of the spec with a value in each of its path segments.
 * Throws a HiroValidationError otherwise: nothing is sent. Another origin (a middleware moved the
 * request) is let through, without the key. The values themselves go to the service as given (their
 * types are checked before serialising, by the routing middleware, routing.ts): `verify` asks the service about
 * values the lookups refuse, to see its own 400.
 */
function checkDestination(url: URL, service: ServiceName, base: string): OperationId | undefined {
  const prefix = `${base}/${service}/v1/`;
  if (!url.href.startsWith(prefix)) {
    if (url.origin !== new URL(base).origin) return undefined;
    throw new HiroValidationError(
      "path",
      `must start with ${printable(prefix, 120)} (the service's prefix right after its base URL); got ${printable(url.href, 160)}`,
    );
  }
  const operation = matchOperation(url.pathname, new URL(base).pathname);
  if (operation === undefined) {
    const path = url.pathname.slice(new URL(base).pathname.replace(/\/$/, "").length);
    throw new HiroValidationError("path", `is not a path of the Hiro lookups; got ${printable(path, 80)}`);
  }
  return operation.operationId;
}

/**
 * The operation of a request a middleware moved to another origin (let through, without the key): the
 * one its path names from the service's segment on, or none (its errors then name no operation).
 */
function movedOperation(url: URL, service: ServiceName): OperationId | undefined {
  return matchOperation(url.pathname.slice(url.pathname.indexOf(`/${service}/v1/`)))?.operationId;
}

/**
 * The pipeline's fetch: `send(request)` for raw calls, `send(request, call)` for a lookup's call. It
 * returns the answer with the attempts it took, the rate-limit facts read of it and its text; openapi-fetch
 * is handed the answer alone.
 */
export function pipelineFetch(settings: PipelineSettings) {
  return async function send(given: Request, call?: LookupCall): Promise<SentAnswer> {
    // A fresh copy: its URL is the one fetch will use, whatever a subclass's `url` getter says.
    const request = new Request(given);
    const url = new URL(request.url);
    const service = serviceOf(url.pathname);
    if (service === undefined) {
      throw new HiroValidationError(
        "path",
        `is not a path of the Hiro lookups; got ${printable(url.pathname, 80)}`,
      );
    }
    const route = routeOf(settings.routes, service);
    // A lookup names its operation (a request still at the URL it built is not matched again); a raw
    // call's is its path's, and a request a middleware moved is checked here: nothing else is sent.
    const destination = url.href === call?.href ? undefined : checkDestination(url, service, route.base);
    const operationId = call?.operationId ?? destination ?? movedOperation(url, service);
    const key = url.href.startsWith(`${route.base}/`) ? route.apiKey : undefined;
    const init: RequestInit = { redirect: "manual" };
    if (key !== undefined) {
      const headers = new Headers(request.headers);
      headers.set("x-api-key", key);
      init.headers = headers;
    }
    let bytes: Uint8Array<ArrayBuffer> | ArrayBuffer | undefined;
    const { answer, attempts, rateLimit } = await runAttempts(settings, {
      operationId,
      url,
      limits: call?.limits ?? settings,
      signal: request.signal,
      sharedSignal: false,
      nativeFetch: false,
      deadline: call?.deadline,
      // As openapi-fetch calls fetch: the Request, plus this attempt's init (signal, no redirects, key).
      send: (signal) => settings.fetch()(request, { ...init, signal }),
      read: async (response, signal) =>
        (bytes = await readBody(response, "bytes", settings.maxResponseBytes, settings.nativeFetch, signal)),
      request: () => request,
    });
    // The body was read inside the attempt (a body cut off mid-read is retried): hand its bytes on.
    const decoded = () => (bytes === undefined ? "" : new TextDecoder().decode(bytes));
    if (answer.body === null) return { response: answer, attempts, rateLimit, text: decoded };
    if (!answer.ok && bytes !== undefined && bytes.byteLength > ERROR_TEXT_KEPT) {
      // openapi-fetch parses an error's body whole: one over the JSON budget goes on as its first 16 KiB
      // of text (what the error keeps of it anyway), so it is never parsed.
      const text = new TextDecoder().decode(bytes);
      if (overJsonBudget(text)) {
        const headers = new Headers(answer.headers);
        headers.set("content-type", "text/plain; charset=utf-8");
        headers.delete("content-length");
        const kept = text.slice(0, ERROR_TEXT_KEPT);
        return {
          response: new Response(kept, { status: answer.status, statusText: answer.statusText, headers }),
          attempts,
          rateLimit,
          text: () => kept,
        };
      }
    }
    const response = new Response(bytes ?? null, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
    return { response, attempts, rateLimit, text: decoded };
  };
}
