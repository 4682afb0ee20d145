/**
 * The client's single-request lookups, built from the generated operation table: one method per operation
 * (all but `searchTokens`, which batches), named by its id. An operation added to the spec becomes a method
 * with nothing listed by hand; its type comes from the same table ({@link ClientLookups}).
 */
import { operations } from "../spec/services.js";
import type { ClientLookups, LookupMethod, SingleLookupId } from "./client-type.js";

/**
 * Calls `visit` with each own key of `table`, typed as the table's keys (`for…in` types them so, where
 * `Object.keys` gives `string`); an enumerable key a polluted `Object.prototype` lends is not visited.
 */
function eachKey<T extends object>(table: T, visit: (key: Extract<keyof T, string>) => void): void {
  for (const key in table) if (Object.hasOwn(table, key)) visit(key);
}

/** Makes the lookup of an operation: what the client builds each method with. */
export type MakeLookup = <Op extends SingleLookupId>(operationId: Op) => LookupMethod<Op>;

/** One method per single-request operation of the table, each `make(operationId)`. */
export function lookupMethods(make: MakeLookup): ClientLookups {
  const methods: Partial<Record<SingleLookupId, unknown>> = {};
  eachKey(operations, (operationId) => {
    if (operationId !== "searchTokens") methods[operationId] = make(operationId);
  });
  // The builder's one cast: the walk above set every id of the table but `searchTokens`, each to
  // `make(id)`, a `LookupMethod<id>`; the compiler cannot follow a walk over a table's keys into a mapped
  // type (each key its own type, and every key present).
  return methods as ClientLookups;
}
