/**
 * The gateway's answers to a method other than GET and HEAD, off its one route with a body: a CORS
 * preflight on a spec route (when the origin is allowed), 405 elsewhere on a spec route, 404 off them.
 */
import { matchOperation } from "../spec-entry.js";
import { errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import { preflight } from "./cors.js";
import { notFound } from "./request-params.js";

/** The answer to `method` (upper-cased) on `target`, and its route's name for the metrics. */
export function otherMethodAnswer(
  method: string,
  target: string,
  basePath: string,
  cors: Record<string, string> | undefined,
): { result: GatewayAnswer; routeName: string } {
  const pathname = target.split("?")[0] ?? "";
  const isRoute = pathname.startsWith("/") && matchOperation(pathname, basePath) !== undefined;
  if (method === "OPTIONS" && isRoute && cors) return { result: preflight(cors), routeName: "preflight" };
  if (isRoute)
    return {
      result: ownAnswer(
        405,
        errorBody(405, "Method Not Allowed", `${method.slice(0, 20)} is not allowed: GET and HEAD only`),
        { allow: "GET, HEAD" },
      ),
      routeName: "method_not_allowed",
    };
  const refusal = notFound(method.slice(0, 20), pathname);
  return { result: ownAnswer(refusal.status, refusal.body), routeName: "not_found" };
}
