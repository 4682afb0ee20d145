/**
 * The switch to the opt-in live contract run (`npm run test:live`), read from the environment. It has
 * its own variables, `HIRO_LIVE_*`: a developer who exports the CLI's `HIRO_BASE_URL` (or
 * `HIRO_METADATA_URL`, …) must not turn `npm test` into a run against a real service.
 */
import type { ServiceName } from "../../src/spec/services.js";

/** Where a live run goes: one URL for all three services, or one per service named. */
export type LiveTarget = string | Partial<Record<ServiceName, string>>;

type Env = Record<string, string | undefined>;

const PER_SERVICE = {
  metadata: "HIRO_LIVE_METADATA_URL",
  ordinals: "HIRO_LIVE_ORDINALS_URL",
  runes: "HIRO_LIVE_RUNES_URL",
} as const;

/**
 * The live target, or `null` for the usual run against the Prism mock. `HIRO_LIVE_BASE_URL` serves all
 * three services; `HIRO_LIVE_METADATA_URL`, `HIRO_LIVE_ORDINALS_URL`, `HIRO_LIVE_RUNES_URL` override it
 * per service (metadata on api.hiro.so, ordinals and runes on your bitcoin-indexer's two servers). Empty
 * means unset.
 */
export function liveTargetOf(env: Env): LiveTarget | null {
  const all = env.HIRO_LIVE_BASE_URL || undefined;
  const each: Partial<Record<ServiceName, string>> = {};
  for (const [service, variable] of Object.entries(PER_SERVICE) as [ServiceName, string][]) {
    const url = env[variable] || all;
    if (url !== undefined) each[service] = url;
  }
  const named = Object.keys(each).length;
  if (named === 0) return null;
  return all !== undefined && Object.values(PER_SERVICE).every((v) => !env[v]) ? all : each;
}

/** The services a live run checks: those it has a URL for (never the client's default). */
export function liveServices(target: LiveTarget): ServiceName[] {
  return typeof target === "string"
    ? ["metadata", "ordinals", "runes"]
    : (Object.keys(target) as ServiceName[]);
}
