/**
 * What `client.raw` takes for a path, checked before openapi-fetch builds a URL from it. A path is one of
 * the spec's (`/metadata/v1/ft/{principal}`): never a URL (openapi-fetch glues it to the base URL, and
 * the `TypeError` of that URL's parse repeated it whole, a `user:password@` included), and never a dot
 * segment, which the URL parser resolves (`/metadata/v1/ft/..` is `/metadata/v1/`, another route of the
 * same service). A path value `.` or `..` would be resolved the same way (openapi-fetch leaves dots
 * unencoded), so the routing middleware refuses it.
 */
import type { Client } from "openapi-fetch";
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import type { paths } from "../spec/types.js";

/** A segment the URL parser resolves: `.`, `..`, or either spelled with `%2e`. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** `text` with the `user:password@` of any URL in it blanked, for a message. */
export function withoutUserinfo(text: string): string {
  return text.replace(/(^|\/\/)[^/?#@\s]*@/g, "$1…@");
}

/** What is wrong with `path` as a raw call's path, or undefined. */
function pathProblem(path: unknown): string | undefined {
  if (typeof path !== "string") return `must be a string; got ${path === null ? "null" : typeof path}`;
  const shown = printable(withoutUserinfo(path), 80);
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\"))
    return `must be a path of the spec such as "/metadata/v1/ft" (the client adds its base URL), not a URL; got ${shown}`;
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (pathname.split("/").some((segment) => DOT_SEGMENT.test(segment)))
    return `must not have a "." or ".." segment (the URL would resolve it into another route); got ${shown}`;
  return undefined;
}

/** Refuses a path value the URL parser would resolve as a dot segment (any `%` in a value is encoded, so only these two). */
export function checkPathValue(name: string, value: string): void {
  if (value === "." || value === "..")
    throw new HiroValidationError(
      name,
      `must not be "." or ".." (the URL would resolve it into another route of the service); got "${value}"`,
    );
}

/**
 * The call's options with the caller's signal linked, not listened to: the Request openapi-fetch builds
 * adds an abort listener to the signal it is given, kept until that Request is collected, so 2,000 raw
 * calls sharing one signal made Node warn (MaxListenersExceededWarning). `AbortSignal.any` follows the
 * caller's signal without a listener on it, and the Request listens to that per-call signal instead.
 */
function linkedSignal(init: unknown): unknown {
  if (typeof init !== "object" || init === null || !("signal" in init)) return init;
  const { signal } = init;
  return signal instanceof AbortSignal ? { ...init, signal: AbortSignal.any([signal]) } : init;
}

type Method = "GET" | "PUT" | "POST" | "DELETE" | "OPTIONS" | "HEAD" | "PATCH" | "TRACE";
const METHODS: readonly Method[] = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];

/**
 * `client`'s request methods, each refusing a bad path (a rejected promise, nothing sent) before
 * openapi-fetch sees it, and linking the caller's signal ({@link linkedSignal}).
 */
export function guardRawPaths(client: Client<paths>): void {
  for (const method of METHODS) {
    const send = client[method] as (path: unknown, ...rest: unknown[]) => Promise<unknown>;
    const guarded = (path: unknown, init?: unknown, ...rest: unknown[]) => {
      const problem = pathProblem(path);
      return problem
        ? Promise.reject(new HiroValidationError("path", problem))
        : send(path, linkedSignal(init), ...rest);
    };
    Object.assign(client, { [method]: guarded });
  }
  const request = client.request as (method: unknown, path: unknown, ...rest: unknown[]) => Promise<unknown>;
  const guardedRequest = (method: unknown, path: unknown, ...rest: unknown[]) => {
    const problem = pathProblem(path);
    return problem
      ? Promise.reject(new HiroValidationError("path", problem))
      : request(method, path, ...rest);
  };
  Object.assign(client, { request: guardedRequest });
}
