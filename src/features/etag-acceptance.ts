/**
 * Whether a 200 body is one the lookup accepts, so etagCache keeps only those: valid JSON that passes
 * the lookup's own answer check (lookups/requests.ts), with the request read back from the URL (path
 * parameters by the operation's template, the query as sent). Raw calls get the same check.
 */
import { answerCheck } from "../lookups/requests.js";
import { operationOf, operations, SERVICES, serviceOf } from "../spec/services.js";

/** The path and query parameters of `url` for the operation whose template is `template`. */
function paramsOf(url: URL, template: string) {
  const names = template.split("/");
  const segments = url.pathname.split("/").slice(-names.length);
  const path: Record<string, string> = {};
  names.forEach((name, i) => {
    const match = /^\{(\w+)\}$/.exec(name);
    if (match?.[1]) path[match[1]] = decodeURIComponent(segments[i] ?? "");
  });
  // A repeated key (a search's `contract`) keeps all its values.
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    query[name] = values.length > 1 ? values : (values[0] as string);
  }
  return { path, query };
}

/** Whether `body`, answered for `href`, is JSON the lookup of its operation would accept. */
export function acceptedBody(href: string, body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const url = new URL(href);
  const service = serviceOf(url.pathname);
  if (service === undefined) return true;
  const operationId = operationOf(url.pathname) ?? SERVICES[service].operationId;
  try {
    const check = answerCheck(operationId, paramsOf(url, operations[operationId].path));
    return check?.(parsed) === undefined;
  } catch {
    return false;
  }
}
