/**
 * The gateway the `refusals` check serves on each runtime's own server (scripts/lib/runtime-refusals.ts
 * probes it from outside): the handler with `healthPath` and a per-caller limit of 1 a second, in front of
 * the runner's API server. It counts the gateway's "no caller key" lines, so the runner can tell that the
 * host's own caller key was read (a host that gave none would also be limited, as one shared bucket).
 * No imports: each entry passes `createLookupHandler` in.
 */

/** `{ handler, keyless() }`; `extra`: more options (a Worker's basePath and callerKey). */
export function refusalsGateway(createLookupHandler, baseUrl, extra = {}) {
  let keyless = 0;
  const logger = {
    warn: (message) => {
      if (String(message).includes("no caller key")) keyless += 1;
    },
    error() {},
    info() {},
    debug() {},
  };
  const handler = createLookupHandler({
    upstream: { baseUrl, maxRetries: 0, logger },
    healthPath: "/healthz",
    perCallerPerSecond: 1,
    ...extra,
  });
  return { handler, keyless: () => keyless };
}

/** The path where the fixture answers its count of keyless requests (under the gateway's basePath). */
export const KEYLESS_PATH = "/__keyless";
