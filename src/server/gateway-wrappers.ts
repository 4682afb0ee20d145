/**
 * The gateway's small wrappers: the status route's slash, the observer that also tells the health, and
 * the shared store's lines in the log (each said once per change).
 */
import { type logOf, printable } from "../internal.js";
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import type { MissContext } from "./miss.js";
import type { GatewayObserver } from "./options.js";

/**
 * `target` with the status route's slash: upstream answers `/metadata/v1` as `/metadata/v1/`, and Next.js
 * redirects the path with the slash to the one without (308), which the client refuses to follow.
 */
export function withStatusSlash(target: string, basePath: string): string {
  const at = target.indexOf("?");
  const path = at < 0 ? target : target.slice(0, at);
  return path === `${basePath}/metadata/v1` ? `${path}/${at < 0 ? "" : target.slice(at)}` : target;
}

/** `observer`, its upstream hook also telling the health (each hook called as a method of `observer`). */
export function withHealth(
  observer: GatewayObserver | undefined,
  saw: (status: number | "error") => void,
): GatewayObserver {
  return {
    request: (route, status) => observer?.request?.(route, status),
    cache: (outcome) => observer?.cache?.(outcome),
    upstream: (operationId, status) => {
      saw(status);
      observer?.upstream?.(operationId, status);
    },
    coalesced: (scope) => observer?.coalesced?.(scope),
    paceWait: (ms, refused) => observer?.paceWait?.(ms, refused),
  };
}

/** The shared store's lines: down (once until it is back), back (after a calm), a refused entry (once). */
export function storeLog(
  log: ReturnType<typeof logOf>,
  now: () => number,
): Pick<MissContext, "storeTrouble" | "storeOk" | "entryRefused"> {
  let storeDown = false;
  let entryRefusedSaid = false;
  let lastTroubleAt = 0;
  return {
    storeTrouble: (error) => {
      lastTroubleAt = now();
      if (storeDown) return;
      storeDown = true;
      const why = error instanceof Error ? error.message : String(error);
      log?.warn?.("the shared store failed: serving from upstream and memory until it is back", {
        reason: printable(why, 200),
      });
    },
    storeOk: () => {
      if (!storeDown || now() - lastTroubleAt < GATEWAY_DEFAULTS.storeCalmMs) return;
      storeDown = false;
      log?.warn?.("the shared store answers again: sharing answers, misses and the pace again", {});
    },
    entryRefused: (reason) => {
      if (entryRefusedSaid) return;
      entryRefusedSaid = true;
      log?.warn?.(
        "an entry of the shared store failed its check: dropped and asked upstream (said once; is the store written by others?)",
        { reason },
      );
    },
  };
}
