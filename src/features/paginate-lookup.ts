/**
 * `paginateLookup(client, operationId, params, options?)`: a walk of a client's paged lookup by the
 * client's own page maximum, with the client's own lookup (read from the facts `createLookupClient`
 * recorded, client-facts.ts), so no spy or wrapper put on the client's methods changes it. A separate
 * function, not a method of the client: the walk's code stays out of an app that never pages.
 */
import { HiroValidationError } from "../errors/errors.js";
import { printable } from "../errors/safe-text.js";
import { pageMaximumOf } from "../input/option-checks.js";
import { pageMaximumOption } from "../input/validate-input.js";
import { clientFactsOf } from "../lookups/client-facts.js";
import type { LookupClient } from "../lookups/client-type.js";
import { operations } from "../spec/services.js";
import type { LookupData, LookupParams, PagedOperationId, PageItemOf } from "../spec/types.js";
import { paginateWithin } from "./paginate.js";
import { MAX_PAGE_SIZE, type PaginateIterator, type PaginateOptions } from "./paginate-options.js";

/** The parameters of a walk of `Op`: the lookup's, without `limit` (the walk's `pageSize`). */
export type WalkParams<Op extends PagedOperationId> = Omit<LookupParams<Op>, "limit">;

/**
 * Every item of the paged lookup `operationId` of `client` (`getSatoshiInscriptions`,
 * `getTransactionActivity`, `getFungibleTokens`), walked as {@link paginate} walks them, by the
 * client's page maximum: the default `pageSize` and its bound are the client's `maxLimit` for the
 * lookup's service, else the spec's 60. It walks with the client's own lookup, so a spy or a wrapper
 * put on `client.getTransactionActivity` changes nothing. `params` are the lookup's, without `limit`.
 * A client `createLookupClient` did not make, or an operation that is not paged, throws a
 * {@link HiroValidationError}.
 */
export function paginateLookup<Op extends PagedOperationId>(
  client: LookupClient,
  operationId: Op,
  params: WalkParams<Op>,
  options: PaginateOptions = {},
): PaginateIterator<PageItemOf<Op>> {
  const facts = clientFactsOf(client);
  if (facts === undefined)
    throw new HiroValidationError("client", "must be a client createLookupClient made");
  if (operations[operationId]?.paged !== true) {
    const got = printable(String(operationId), 60);
    throw new HiroValidationError(
      "operationId",
      `must be a paged lookup (one with offset and limit); got ${got}`,
    );
  }
  // The client's page maximum for the lookup's service (its `maxLimit`), else the spec's.
  const { service } = operations[operationId];
  const own = pageMaximumOf(facts.maxLimit, service);
  const maximum = own ?? MAX_PAGE_SIZE;
  return paginateWithin<LookupParams<Op>, LookupData<Op>>(facts.lookups[operationId], params, options, {
    maximum,
    fallback: maximum,
    maximumFrom: own === undefined ? undefined : pageMaximumOption(service),
  });
}
