/**
 * `hiro-lookup verify`: the provider side of the contract. Sends known-good samples and the documented
 * bad requests to a deployment, one request at a time, and judges every answer against openapi.yaml.
 * Each service gets its own client (own base URL; the API key only for the token metadata service), so
 * requests go through the same pipeline as the lookups: retries, `Retry-After`, timeouts, size cap.
 */
import type { MaxLimitOption, ServiceName } from "../../index.js";
import { buildLookupClient } from "../../internal.js";
import { ordinalsChecks, runesChecks } from "./verify-checks.js";
import { type Send, senderOf } from "./verify-http.js";
import { metadataChecks } from "./verify-metadata-checks.js";
import { searchChecks } from "./verify-search-checks.js";
import { type Check, ServiceState } from "./verify-state.js";
import { tokenChecks } from "./verify-token-checks.js";

/** The result of one check: every check is judged, on the embedded mock too (it answers as upstream). */
export type Verdict = "pass" | "FAIL";

/** One row of the conformance table. */
export interface ConformanceRow {
  check: string;
  service: ServiceName;
  expected: string;
  got: string;
  result: Verdict;
}

/** What to verify: each service that is given, at its URL, with its known-good sample. */
export interface VerifyTargets {
  /** `ft`: the FT sample (`--ft`); without it, the first listed token the service answers with data. */
  metadata?:
    | ({ url: string; principal: string; tokenId: string; ft?: string | undefined } & OnMock)
    | undefined;
  ordinals?: ({ url: string; ordinal: number } & OnMock) | undefined;
  runes?: ({ url: string; txId: string } & OnMock) | undefined;
}

/** `mock`: the service is the embedded mock of `--mock` (never inferred from what a server sends). */
interface OnMock {
  mock?: boolean | undefined;
}

/** How to send. */
export interface VerifySettings {
  /** Sent as `x-api-key` to the token metadata service only. */
  apiKey?: string | undefined;
  /** Time limit of each attempt, in ms (default: the client's, 30 000). */
  timeoutMs?: number | undefined;
  /** Retries after a failed attempt (default: the client's, 2). */
  maxRetries?: number | undefined;
  /** Every service is known to be a mock (the embedded one of `--mock`), whatever it answers. */
  mock?: boolean | undefined;
  /** The page maximum each paged service is said to have (`--ordinals-max-limit`, `--runes-max-limit`). */
  maxLimit?: MaxLimitOption | undefined;
  /** The fetch under the pipeline (tests). */
  fetch?: typeof fetch | undefined;
}

/** What one service's checks found out beyond the rows. */
export interface ServiceNote {
  service: ServiceName;
  url: string;
  /** Why the service was taken as down (its later checks failed without being sent), if it was. */
  down?: string | undefined;
  /** An answer carried Prism's `sl-violations` header: noted, never a reason to pass a check. */
  prismHeader: boolean;
  /** The largest `limit` a paged service accepts, when found. */
  pageMaximum?: number | undefined;
  /** The metadata indexer's chain tip, when the status check read it (`null`: no block processed yet). */
  chainTip?: { block_height: number; index_block_hash: string } | null | undefined;
}

/** The conformance table, the services that are the embedded mock (`--mock`), and notes per service. */
export interface VerifyReport {
  rows: ConformanceRow[];
  mocks: ServiceName[];
  services: ServiceNote[];
}

/**
 * Verifies the services in `targets`, in order, each check after the one before (no bursts). Throws
 * {@link HiroValidationError} for a bad URL before anything is sent.
 */
export async function verifyDeployment(
  targets: VerifyTargets,
  settings: VerifySettings = {},
): Promise<VerifyReport> {
  // Each service's requests, sent as a lookup client of its URL sends them (paced, retried, bounded).
  const senderFor = (url: string, apiKey?: string): Send => {
    const built = buildLookupClient(
      {
        baseUrl: url,
        ...(apiKey ? { apiKey } : {}),
        ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
        ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
        ...(settings.fetch ? { fetch: settings.fetch } : {}),
      },
      { paced: true },
    );
    return senderOf(built.settings);
  };
  const plans: { service: ServiceName; url: string; mock: boolean; state: ServiceState; checks: Check[] }[] =
    [];
  const onMock = (target: OnMock) => settings.mock === true || target.mock === true;
  const { metadata, ordinals, runes } = targets;
  if (metadata) {
    const state = new ServiceState("metadata");
    const send = senderFor(metadata.url, settings.apiKey);
    plans.push({
      service: "metadata",
      url: metadata.url,
      mock: onMock(metadata),
      state,
      checks: [
        ...metadataChecks(send, metadata, state),
        ...searchChecks(send, metadata, state),
        ...tokenChecks(send, metadata, state),
      ],
    });
  }
  if (ordinals) {
    const state = new ServiceState("ordinals");
    plans.push({
      service: "ordinals",
      url: ordinals.url,
      mock: onMock(ordinals),
      state,
      checks: ordinalsChecks(senderFor(ordinals.url), ordinals.ordinal, state, settings.maxLimit?.ordinals),
    });
  }
  if (runes) {
    const state = new ServiceState("runes");
    plans.push({
      service: "runes",
      url: runes.url,
      mock: onMock(runes),
      state,
      checks: runesChecks(senderFor(runes.url), runes.txId, state, settings.maxLimit?.runes),
    });
  }

  const rows: ConformanceRow[] = [];
  for (const { service, checks } of plans) {
    for (const { check, expected, run } of checks) {
      const { ok, got } = await run();
      const result: Verdict = ok ? "pass" : "FAIL";
      rows.push({ check, service, expected, got, result });
    }
  }
  return {
    rows,
    mocks: plans.filter((p) => p.mock).map((p) => p.service),
    services: plans.map(({ service, url, state }) => ({
      service,
      url,
      down: state.down,
      prismHeader: state.prismHeader,
      pageMaximum: state.pageMaximum,
      chainTip: state.chainTip,
    })),
  };
}
