/**
 * The services behind the lookups, told apart by their path prefix, derived from the generated
 * operation table (`generated/operations.ts`): nothing here restates an operation. The pipeline uses it
 * to name the operation of a request (raw ones included) and to choose its origin's settings.
 */
import { operations } from "../generated/operations.js";

/** The operation table of openapi.yaml, keyed by operationId. */
export { operations };

/** An operation of the spec, as the generated table describes it. */
export type OperationSpec = (typeof operations)[keyof typeof operations];

/** A service of the spec: Token Metadata, Ordinals, Runes. */
export type ServiceName = OperationSpec["service"];

/** Each service's path prefix and its first operation (a service may have more: see {@link operationOf}). */
export const SERVICES = {} as Record<ServiceName, { prefix: string; operationId: keyof typeof operations }>;
for (const [operationId, operation] of Object.entries(operations)) {
  SERVICES[operation.service] ??= { prefix: `/${operation.service}/`, operationId: operationId as never };
}

/** Each operation's path as a pattern anchored at the end (a base URL may carry a path of its own). */
const PATH_PATTERNS = Object.entries(operations).map(([operationId, operation]) => ({
  operationId: operationId as keyof typeof operations,
  pattern: new RegExp(`${operation.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}));

/**
 * The operation whose path `pathname` ends with (with `exact`: whose path it is), or undefined: the
 * metadata service has two. A match at index 0 of the end-anchored pattern is the whole path.
 */
export function operationOf(pathname: string, exact?: boolean): keyof typeof operations | undefined {
  return PATH_PATTERNS.find(({ pattern }) =>
    exact ? pattern.exec(pathname)?.index === 0 : pattern.test(pathname),
  )?.operationId;
}

/** The services, in the spec's order. */
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/**
 * The service whose `/<service>/v1/` segment a path holds (the base URL may carry a path of its own, e.g.
 * a proxy's). Only a name; the pipeline also checks that the segment comes right after the base path.
 */
export function serviceOf(pathname: string): ServiceName | undefined {
  for (const name of SERVICE_NAMES) if (pathname.includes(`/${name}/v1/`)) return name;
  return undefined;
}
