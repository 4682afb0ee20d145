/** Which operation a request path is, by the operation table's path templates, with its path parameters. */
import { operations } from "../generated/operations.js";
import type { MockOperationId } from "./answer-for.js";

/** A path matched to an operation. */
export interface MockRoute {
  operationId: MockOperationId;
  /** The path parameters, decoded. */
  path: Record<string, string>;
}

const TEMPLATES = Object.entries(operations).map(([operationId, { path }]) => {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const source = path
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
    .join("([^/]+)");
  return { operationId: operationId as MockOperationId, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * The operation whose path template `pathname` matches (after `basePath`, if given), or undefined. A
 * parameter that does not decode is kept as sent, for the rules to refuse.
 */
export function routeOf(pathname: string, basePath = ""): MockRoute | undefined {
  const base = basePath.replace(/\/+$/, "");
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
        path[name] = raw;
      }
    });
    return { operationId, path };
  }
  return undefined;
}
