/**
 * The three lookups called with any parameters at all, for the input tests: hostile values are, by
 * design, not assignable to the parameter types, and the casts here let them through. The fixture
 * parameters (test/helpers/fake-fetch.ts) fill in whatever a call does not give.
 */
import type {
  LookupClient,
  LookupClientOptions,
  RequestOptions,
  SatoshiInscriptionsParams,
  SftMetadataParams,
  TransactionActivityParams,
} from "../../src/index.js";
import { emptyPage, type Handler, ORDINAL, PRINCIPAL, TX_ID } from "./fake-fetch.js";
import { createTestClient, type TestClient } from "./test-client.js";

export type OperationName = "getSftMetadata" | "getSatoshiInscriptions" | "getTransactionActivity";
type Params = Record<string, unknown>;
type Call = (client: LookupClient, params: Params, options?: RequestOptions) => Promise<unknown>;

export const CALLS: Record<OperationName, Call> = {
  getSftMetadata: (client, params, options) =>
    client.getSftMetadata(
      { principal: PRINCIPAL, token_id: 35, ...params } as unknown as SftMetadataParams,
      options,
    ),
  getSatoshiInscriptions: (client, params, options) =>
    client.getSatoshiInscriptions(
      { ordinal: ORDINAL, ...params } as unknown as SatoshiInscriptionsParams,
      options,
    ),
  getTransactionActivity: (client, params, options) =>
    client.getTransactionActivity(
      { tx_id: TX_ID, ...params } as unknown as TransactionActivityParams,
      options,
    ),
};
export const OPERATION_NAMES = Object.keys(CALLS) as OperationName[];
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
