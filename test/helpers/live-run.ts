/**
 * The opt-in live contract run (`npm run test:live`): its switch, read from the environment, and its
 * judgement of each service's answer. It has its own variables, `HIRO_LIVE_*`: a developer who exports
 * the CLI's `HIRO_BASE_URL` (or `HIRO_METADATA_URL`, …) must not turn `npm test` into a run against a
 * real service.
 */
import { HiroApiError, type LookupClient, type OperationId, type ServiceName } from "../../src/index.js";
import { operations } from "../../src/spec-entry.js";
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

/** One sample lookup of a live run: the call, and the part of its answer the spec describes. */
interface LiveSample {
  call(c: LookupClient): Promise<unknown>;
  /** The part of the answer the spec describes (searchTokens answers `{ results, missing }`). */
  data?(answer: unknown): unknown;
}

/** Listed fungible tokens tried as the FT sample, at most. */
const FT_TRIES = 5;

/**
 * The FT sample: a token of the service's own list (a deployment indexes its own chain; no principal
 * is known to be on it), the named ones first (processed), the first that answers with data. A listed
 * token can answer 422 (its refresh ended `invalid`, or still pending) on a healthy deployment: that
 * passes to the next; any other error is the deployment's.
 */
async function listedFungibleToken(c: LookupClient): Promise<unknown> {
  const { results } = await c.getFungibleTokens({ limit: FT_TRIES });
  const named = results.filter((t) => typeof t.name === "string" && t.name !== "");
  const passedOver: string[] = [];
  for (const { contract_principal: principal } of [...named, ...results.filter((t) => !named.includes(t))]) {
    try {
      return await c.getFtMetadata({ principal });
    } catch (error) {
      if (!(error instanceof HiroApiError && error.status === 422)) throw error;
      passedOver.push(`${principal}: ${error.message}`);
    }
  }
  throw new Error(
    `no listed fungible token answered with data (${passedOver.join("; ") || "the list is empty"})`,
  );
}

/**
 * Each operation's sample lookup (the spec's sample ids, which carry data on mainnet), keyed by the
 * operation table's ids: an operation added to the spec without one does not compile.
 */
export const LIVE_SAMPLES: Record<OperationId, LiveSample> = {
  getSftMetadata: {
    call: (c) => c.getSftMetadata({ principal: SAMPLES.principal, token_id: SAMPLES.tokenId }),
  },
  getSatoshiInscriptions: { call: (c) => c.getSatoshiInscriptions({ ordinal: SAMPLES.ordinal, limit: 20 }) },
  getTransactionActivity: { call: (c) => c.getTransactionActivity({ tx_id: SAMPLES.txId, limit: 20 }) },
  // The bulk search (Token Metadata API 2.2.0 and later): the sample token must come back.
  searchTokens: {
    call: (c) => c.searchTokens({ contract: [`${SAMPLES.principal}:${SAMPLES.tokenId}`] }),
    data: (answer) => (answer as { results: unknown[] }).results,
  },
  getApiStatus: { call: (c) => c.getApiStatus() },
  getFungibleTokens: { call: (c) => c.getFungibleTokens({ limit: FT_TRIES }) },
  getFtMetadata: { call: listedFungibleToken },
  // The service does not check the token standard: the SFT sample answers on the NFT route too.
  getNftMetadata: {
    call: (c) => c.getNftMetadata({ principal: SAMPLES.principal, token_id: SAMPLES.tokenId }),
  },
};

/** The operations of `service`, in the operation table's order: each is one sample of the live run. */
export function liveOperations(service: ServiceName): OperationId[] {
  return (Object.keys(operations) as OperationId[]).filter((id) => operations[id].service === service);
}

/**
 * Why the answer of `operationId` to its sample fails the live run, or `undefined` when it passes: it
 * passes only when the lookup resolved with data that fits the spec (a token with fields, a page or a
 * search with at least one result). Any error (a 404 from a server that serves nothing or predates the
 * search, a 500, a service URL pointing at another service, a refused connection) fails it, with the
 * error's own message.
 */
export async function liveOperationProblem(
  client: LookupClient,
  operationId: OperationId,
): Promise<string | undefined> {
  const { call, data = (answer: unknown) => answer } = LIVE_SAMPLES[operationId];
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
  return undefined;
}

/** Why `service` fails the live run (every one of its operations asked, each problem named), or `undefined`. */
export async function liveSampleProblem(
  client: LookupClient,
  service: ServiceName,
): Promise<string | undefined> {
  const problems: string[] = [];
  for (const operationId of liveOperations(service)) {
    const problem = await liveOperationProblem(client, operationId);
    if (problem !== undefined) problems.push(problem);
  }
  return problems.length === 0 ? undefined : problems.join("; ");
}
