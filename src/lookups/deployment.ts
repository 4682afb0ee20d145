/**
 * Which deployment a client talks to, for tools built on it (`hiro-lookup/query` puts it in every query
 * key, so two clients aimed at different deployments never share a cache entry). A global symbol, so
 * the CommonJS and ES module builds of a subpath read what either build's client wrote.
 */
import type { OperationId } from "../spec/types.js";
import type { LookupRequest } from "./lookup.js";

export const DEPLOYMENT = Symbol.for("hiro-lookup.deployment");

/**
 * What a client keeps under {@link DEPLOYMENT}: its base URL per service, as canonical text, and whether
 * it has its own headers, fetch or middleware (so it may answer differently from another client there).
 */
export interface Deployment {
  bases: string;
  own: boolean;
}

/** The deployment `client` talks to; `{ bases: "", own: false }` for another object. */
export function deploymentOf(client: object): Deployment {
  const value = (client as { [DEPLOYMENT]?: Partial<Deployment> })[DEPLOYMENT];
  return typeof value?.bases === "string"
    ? { bases: value.bases, own: value.own === true }
    : { bases: "", own: false };
}

/**
 * The client's own parameter checks (its `maxLimit` included), under a global symbol: `hiro-lookup/query`
 * builds its keys with them, so a key refuses exactly what the call refuses, with the main entry's
 * `HiroValidationError` even when the subpath is a separate CommonJS bundle.
 */
export const PARAMETER_CHECK = Symbol.for("hiro-lookup.parameter-check");

/** What a client keeps under {@link PARAMETER_CHECK}: its checked request for a lookup's parameters. */
export type ParameterCheck = (
  operationId: OperationId,
  params: Record<string, unknown> | undefined,
) => LookupRequest;
