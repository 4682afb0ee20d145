/**
 * The services and paths of the spec, derived from the generated operation table
 * (`generated/operations.ts`): nothing here restates an operation. The one path matcher
 * ({@link matchOperation}) is used by the routing (raw calls), the mock and the cache; the lookups carry
 * their operation id down and never match a path.
 */
import { operations } from "../generated/operations.js";

/** The operation table of openapi.yaml, keyed by operationId. */
export { operations };

/** An operation id of the table. */
type OperationKey = keyof typeof operations;

/** An operation of the spec, as the generated table describes it. */
export type OperationSpec = (typeof operations)[OperationKey];

/** A service of the spec: Token Metadata, Ordinals, Runes. */
export type ServiceName = OperationSpec["service"];

/** The services, in the spec's order: the one list every other one (CLI flags, base URLs, keys) reads. */
export const SERVICE_NAMES: readonly ServiceName[] = [
  ...new Set(Object.values(operations).map((operation) => operation.service)),
];

/** A path matched to an operation, with its path parameters (decoded; kept as sent when they do not decode). */
export interface MatchedOperation {
  operationId: OperationKey;
  path: Record<string, string>;
}

/** Each operation's path template as an anchored pattern, with its parameter names in order. */
const TEMPLATES = Object.entries(operations).map(([operationId, { path }]) => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const source = path
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
    .join("([^/]+)");
  return { operationId: operationId as OperationKey, names, pattern: new RegExp(`^${source}$`) };
});

/** The operation whose path template is `template` (openapi-fetch's `schemaPath`), or undefined. */
export function operationAt(template: string): OperationKey | undefined {
  return TEMPLATES.find(({ operationId }) => operations[operationId].path === template)?.operationId;
}

/**
 * The operation whose path template `pathname` is, after `basePath` (a base URL may carry a path of its
 * own, e.g. a proxy's), with its path parameters; undefined when it is none of the spec's paths.
 */
export function matchOperation(pathname: string, basePath = ""): MatchedOperation | undefined {
  const base = basePath.endsWith("/") ? basePath.slice(0, -1) : basePath;
  if (!pathname.startsWith(base)) return undefined;
  const rest = pathname.slice(base.length);
  for (const { operationId, names, pattern } of TEMPLATES) {
    const match = pattern.exec(rest);
    if (!match) continue;
    const path: Record<string, string> = {};
    names.forEach((name, i) => {
      const raw = match[i + 1] ?? "";
      try {
        path[name] = decodeURIComponent(raw);
      } catch {
        path[name] = raw; // a broken %-escape: kept, for the rules to refuse
      }
    });
    return { operationId, path };
  }
  return undefined;
}

/**
 * The service whose `/<service>/v1/` segment a path holds (the base URL may carry a path of its own).
 * Only a name, to find the base URL; the routing then matches the path after it.
 */
export function serviceOf(pathname: string): ServiceName | undefined {
  for (const name of SERVICE_NAMES) if (pathname.includes(`/${name}/v1/`)) return name;
  return undefined;
}
