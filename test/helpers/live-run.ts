/**
 * The opt-in live contract run (`npm run test:live`): its switch, read from the environment, and its
 * judgement of each service's answer. It has its own variables, `HIRO_LIVE_*`: a developer who exports
 * the CLI's `HIRO_BASE_URL` (or `HIRO_METADATA_URL`, …) must not turn `npm test` into a run against a
 * real service.
 */
import type { LookupClient, OperationId, ServiceName } from "../../src/index.js";
import { responseValidators } from "../../src/validators.js";
import { specSamples } from "./spec.js";

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

const SAMPLES = specSamples();

/** One sample lookup of a live run: its operation, the call, and the data it must return. */
interface LiveSample {
  operationId: OperationId;
  call(c: LookupClient): Promise<unknown>;
  /** The part of the answer the spec describes (searchTokens answers `{ results, missing }`). */
  data?(answer: unknown): unknown;
}

/** Each service's sample lookups (the spec's sample ids, which carry data on mainnet). */
export const LIVE_SAMPLES: Record<ServiceName, LiveSample[]> = {
  metadata: [
    {
      operationId: "getSftMetadata",
      call: (c) => c.getSftMetadata({ principal: SAMPLES.principal, token_id: SAMPLES.tokenId }),
    },
    {
      // The bulk search (Token Metadata API 2.2.0 and later): the sample token must come back.
      operationId: "searchTokens",
      call: (c) => c.searchTokens({ contract: [`${SAMPLES.principal}:${SAMPLES.tokenId}`] }),
      data: (answer) => (answer as { results: unknown[] }).results,
    },
  ],
  ordinals: [
    {
      operationId: "getSatoshiInscriptions",
      call: (c) => c.getSatoshiInscriptions({ ordinal: SAMPLES.ordinal, limit: 20 }),
    },
  ],
  runes: [
    {
      operationId: "getTransactionActivity",
      call: (c) => c.getTransactionActivity({ tx_id: SAMPLES.txId, limit: 20 }),
    },
  ],
};

/**
 * Why `service`'s answer to its samples fails the live run, or `undefined` when it passes. It passes only
 * when each lookup resolved with data that fits the spec: a token with metadata fields, a page or a
 * search with at least one result. Any error (a 404 from a server that serves nothing or predates the
 * search, a 500, a service URL pointing at another service, a refused connection) fails it, with the
 * error's own message.
 */
export async function liveSampleProblem(
  client: LookupClient,
  service: ServiceName,
): Promise<string | undefined> {
  for (const { operationId, call, data = (answer: unknown) => answer } of LIVE_SAMPLES[service]) {
    let answer: unknown;
    try {
      answer = data(await call(client));
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return `${operationId} answered no data: ${why}`;
    }
    const problems = responseValidators[operationId](answer);
    if (problems.length > 0) return `${operationId}'s answer does not fit the spec: ${problems.join("; ")}`;
    const results = Array.isArray(answer) ? answer : (answer as { results?: unknown }).results;
    if (Array.isArray(results) ? results.length === 0 : Object.keys(answer as object).length === 0)
      return `${operationId} answered no data for the spec's sample (an empty ${Array.isArray(results) ? "page" : "token"})`;
  }
  return undefined;
}
