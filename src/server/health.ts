/**
 * The gateway's health (`healthPath`, `/healthz` in `serve`): the upstream's last state, as its last
 * answer left it (asking upstream here would spend the key's budget), and the shared store's. 200 when
 * neither is known to be down, else 503; never kept by a cache.
 */
import { type GatewayAnswer, ownAnswer } from "./answers.js";
import type { GatewayShared } from "./options.js";

/** What the health route reads and answers. */
export interface GatewayHealth {
  /** Records an upstream request's status, or `error` when none came back. */
  saw(status: number | "error"): void;
  /** Whether the shared store answers (undefined: none is configured). */
  sharedHealthy(): Promise<boolean | undefined>;
  /** The health answer: `{ status: "up", upstream, redis }`. */
  answer(): Promise<GatewayAnswer>;
}

/** The health of a gateway over `shared` (or none). */
export function createHealth(shared: GatewayShared | undefined): GatewayHealth {
  let upstream: "unknown" | "ok" | "unreachable" = "unknown";
  const sharedHealthy = async () => {
    if (!shared) return undefined;
    return (await shared.healthy?.()) ?? true;
  };
  return {
    saw: (status) => {
      upstream = status === "error" ? "unreachable" : "ok";
    },
    sharedHealthy,
    async answer() {
      const store = await sharedHealthy();
      const body = { status: "up", upstream, redis: store === undefined ? "none" : store ? "ok" : "down" };
      return ownAnswer(upstream !== "unreachable" && store !== false ? 200 : 503, body);
    },
  };
}
