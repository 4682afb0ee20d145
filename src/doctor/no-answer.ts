/**
 * The finding for a fetch that got no answer, for the token URI or the image: refused by the address
 * policy (`*_private_address`), not reached from this machine (`*_not_reached`: its DNS or its network,
 * nothing the token's host did), or the host's own failure (`*_unreachable`: the deadline, a redirect
 * loop, a cut connection). The deadline is told against the indexer's own: it waits 30 s for a URI
 * (`METADATA_FETCH_TIMEOUT_MS` of stx-labs/token-metadata-api `src/env.ts`).
 */
import { shown } from "./evidence.js";
import type { Observation } from "./findings.js";
import type { HostFailure, HostFetchSettings } from "./host-fetch.js";

/** The indexer's wait for a URI, in ms (upstream's `METADATA_FETCH_TIMEOUT_MS` default). */
const INDEXER_TIMEOUT_MS = 30_000;

const WHAT = { uri: "the token URI", image: "the image" } as const;

/** The finding for `failure` of the `step`'s fetch, with `where` as its evidence. */
export function noAnswerFinding(
  step: "uri" | "image",
  failure: HostFailure,
  where: Observation["evidence"],
  settings: HostFetchSettings,
): Observation {
  const what = WHAT[step];
  const evidence = { ...where, reason: shown(failure.reason) };
  switch (failure.kind) {
    case "private_address": {
      const refused = failure.refused;
      return {
        code: `${step}_private_address`,
        message: `the doctor did not fetch ${what}: ${shown(failure.reason)} (not public). It refuses such addresses unless allowPrivateNetwork is set (CLI: --allow-private-network); the service's indexer cannot reach your private network either`,
        evidence: {
          ...evidence,
          host: shown(refused?.host ?? null),
          address: shown(refused?.address ?? null),
          range: shown(refused?.range ?? null),
        },
      };
    }
    case "not_reached":
      return {
        code: `${step}_not_reached`,
        message: `this machine could not reach ${what}'s host (${shown(failure.reason)}): its DNS or network, offline, or a name that does not resolve here. That says nothing of what the indexer sees`,
        evidence,
      };
    case "timeout": {
      const sooner =
        settings.timeoutMs < INDEXER_TIMEOUT_MS
          ? `; the doctor gave up after ${settings.timeoutMs} ms, sooner than the indexer's 30 s, so a slow host may still answer it`
          : "; the indexer waits 30 s (METADATA_FETCH_TIMEOUT_MS) and gives up as well";
      return {
        code: `${step}_unreachable`,
        message: `${what} did not answer: ${shown(failure.reason)}${sooner}`,
        evidence: { ...evidence, timeout_ms: settings.timeoutMs },
      };
    }
    default:
      return {
        code: `${step}_unreachable`,
        message: `${what} did not answer: ${shown(failure.reason)}`,
        evidence,
      };
  }
}
