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
import { withoutUserinfo } from "../errors/without-secret.js";
import type { RawPaths } from "../spec/types.js";

/** A segment the URL parser resolves: `.`, `..`, or either spelled with `%2e`. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Whether `path` is a path of the spec's form: `/…`, no URL, no `\\`, no dot segment. */
const isPath = (path: unknown): path is string =>
  typeof path === "string" &&
  /^\/(?![/\\])[^\\]*$/.test(path) &&
  !path
    .split(/[?#]/, 1)[0]
    ?.split("/")
    .some((segment) => DOT_SEGMENT.test(segment));

/** Refuses a path value the URL parser would resolve as a dot segment (any `%` in a value is encoded, so only these two). */
export function checkPathValue(name: string, value: string): void {
  if (value === "." || value === "..")
    throw new HiroValidationError(
      name,
      `must not be "." or ".." (the URL would resolve it into another route)`,
    );
}

/**
 * The call's options with the caller's signal linked, not listened to: the Request openapi-fetch builds
 * adds an abort listener to the signal it is given, kept until that Request is collected, so 2,000 raw
 * calls sharing one signal made Node warn (MaxListenersExceededWarning). `AbortSignal.any` follows the
 * caller's signal without a listener on it, and the Request listens to that per-call signal instead.
 */
function linkedSignal(init: unknown): unknown {
  const signal = (init as { signal?: unknown } | undefined)?.signal;
  return signal instanceof AbortSignal ? { ...(init as object), signal: AbortSignal.any([signal]) } : init;
}

type Send = (...args: unknown[]) => Promise<unknown>;

/**
 * `client`'s request methods (`GET`…, and `request(method, path, init)`), each refusing a bad path (a
 * rejected promise, nothing sent) before openapi-fetch sees it, and linking the caller's signal
 * ({@link linkedSignal}).
 */
export function guardRawPaths(client: Client<RawPaths>): void {
  const guard = (name: keyof Client<RawPaths>, at: number) => {
    const send = client[name] as Send;
    const guarded: Send = (...args) => {
      const path = args[at];
      if (!isPath(path)) {
        const got = typeof path === "string" ? printable(withoutUserinfo(path), 80) : typeof path;
        const why = `must be a path of the spec such as "/metadata/v1/ft": not a URL, no "." or ".." segment (the URL would resolve it into another route); got ${got}`;
        return Promise.reject(new HiroValidationError("path", why));
      }
      args[at + 1] = linkedSignal(args[at + 1]);
      return send(...args);
    };
    Object.assign(client, { [name]: guarded });
  };
  for (const method of ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const)
    guard(method, 0);
  guard("request", 1);
}
