/**
 * Every lookup of the operation table, called with any parameters at all, for the input tests: hostile
 * values are, by design, not assignable to the parameter types, and the one cast here lets them through.
 * The list is the generated operation table's, so a new operation is in every sweep the day it is
 * added; the fixture parameters below fill in whatever a call does not give (the compiler requires a
 * row for each operation).
 */
import type { LookupClient, LookupClientOptions, RequestOptions } from "../../src/index.js";
import { operations } from "../../src/spec-entry.js";
import { emptyPage, type Handler, ORDINAL, PRINCIPAL, TX_ID } from "./fake-fetch.js";
import { createTestClient, type TestClient } from "./test-client.js";

export type OperationName = keyof typeof operations;
type Params = Record<string, unknown>;
type Call = (client: LookupClient, params: Params, options?: RequestOptions) => Promise<unknown>;

/** The valid parameters each call starts from: its required ones. */
export const FIXTURE_PARAMS: Record<OperationName, Params> = {
  getSftMetadata: { principal: PRINCIPAL, token_id: 35 },
  getSatoshiInscriptions: { ordinal: ORDINAL },
  getTransactionActivity: { tx_id: TX_ID },
  searchTokens: { contract: [`${PRINCIPAL}:1`] }, // canonical, so sent as given
  getApiStatus: {},
  getFungibleTokens: {},
  getFtMetadata: { principal: PRINCIPAL },
  getNftMetadata: { principal: PRINCIPAL, token_id: 35 },
};

export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

/** `operation` on `client`, with `params` laid over its fixture parameters. */
function callOf(operation: OperationName): Call {
  return (client, params, options) => {
    const method = client[operation] as (params: Params, options?: RequestOptions) => Promise<unknown>;
    return method({ ...FIXTURE_PARAMS[operation], ...params }, options);
  };
}

export const CALLS = Object.fromEntries(OPERATION_NAMES.map((name) => [name, callOf(name)])) as Record<
  OperationName,
  Call
>;
export const sft = CALLS.getSftMetadata;
export const sats = CALLS.getSatoshiInscriptions;
export const activity = CALLS.getTransactionActivity;

/** A client without retries whose every request `handler` answers (by default an empty page). */
export function setup(
  handler: Handler = emptyPage,
  options: Omit<LookupClientOptions, "fetch"> = {},
): TestClient {
  return createTestClient(handler, { maxRetries: 0, ...options });
}

export type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

/** How a call ended; a synchronous throw counts as a failure too. */
export async function settle(call: () => Promise<unknown>): Promise<Settled> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error };
  }
}
