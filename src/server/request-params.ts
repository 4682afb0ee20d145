/**
 * From a caller's URL to a prepared call, by the operation table: the path matched to one of the spec's
 * GET routes (once: nothing downstream matches it again), the values held to the service's own rules
 * first (what the service refuses, the gateway refuses with the service's `400`: a tx id with `0x`, say,
 * which the client itself would strip), the query read as the service reads it (a repeated key is an
 * array, which only an array parameter takes; an empty value an absent one where it is a plain string
 * such as `name`, and refused elsewhere; an unknown key ignored), then the call prepared by the client's
 * own parameter checks (once), which refuse more (an id the service would read as another). A refusal
 * is the operation's documented 400 body, so a caller sees one shape.
 */
import { HiroValidationError, type OperationId, type ServiceName } from "../index.js";
import {
  type CallFacts,
  checkRequest,
  type MockExample,
  mockExamples,
  operationAnswers,
  type PreparedCall,
  prepare,
} from "../internal.js";
import { matchOperation, operations, parameterRules } from "../spec-entry.js";

/** A refusal: the status and JSON body to answer with. */
export interface Refusal {
  status: number;
  body: Record<string, unknown>;
}

/** Each operation's documented 400 bodies: the shape its refusals take. */
const SERVICE_400S: Readonly<Record<string, readonly MockExample[]>> = Object.fromEntries(
  Object.entries(mockExamples).map(([id, examples]) => [
    id,
    examples.filter((example) => example.status === 400),
  ]),
);

type Rule = { type?: string; maxItems?: number };
const RULES: Readonly<Record<string, Rule>> = parameterRules;

/** A query value as the checks take it: integers and booleans typed, the rest as sent. */
function typed(name: string, value: string): unknown {
  const type = RULES[name]?.type;
  if (type === "integer" && /^\d{1,15}$/.test(value)) return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/** The `400` of `operationId` for a refused parameter, shaped as the service's own (Fastify's, or the Ordinals constant). */
function invalidRequest(
  operationId: OperationId,
  where: "params" | "querystring",
  error: HiroValidationError,
): Refusal {
  const schemas: readonly string[] = operationAnswers[operationId].invalidRequestSchemas;
  if (schemas.includes("InvalidSatoshiOrdinalError"))
    return { status: 400, body: { error: "Invalid satoshi ordinal number" } };
  return {
    status: 400,
    body: {
      statusCode: 400,
      code: "FST_ERR_VALIDATION",
      error: "Bad Request",
      message: `${where}/${error.parameter} ${error.reason}`,
    },
  };
}

/** Fastify's 404 body for a route the service does not have (upstream names the target with its query). */
export const notFound = (method: string, target: string): Refusal => ({
  status: 404,
  body: {
    statusCode: 404,
    error: "Not Found",
    message: `Route ${method}:${target.slice(0, 200)} not found`,
  },
});

/**
 * The operation `pathname` is (after `basePath`; matched as sent, never resolved) and its prepared call,
 * or the refusal to answer with: undefined when the path is none of the spec's routes.
 */
export function checkCall(
  pathname: string,
  search: URLSearchParams,
  facts: CallFacts,
  basePath = "",
  ownMaxLimit: (service: ServiceName) => boolean = () => false,
): PreparedCall | Refusal | undefined {
  const matched = matchOperation(pathname, basePath);
  if (matched === undefined) return undefined;
  const { operationId } = matched;
  const operation = operations[operationId];
  // The service's own rules first: what it would refuse is refused in its words, never made valid here.
  // A deployment with its own page maximum (the client's maxLimit) takes other limits: the client checks those.
  // (A repeated or empty `limit` is still the service's to refuse: no page maximum makes it one number.)
  let query = search;
  const limits = search.getAll("limit");
  if (ownMaxLimit(operation.service) && limits.length === 1 && limits[0] !== "") {
    query = new URLSearchParams(search);
    query.delete("limit");
  }
  const asService = checkRequest(operation, { path: matched.path, query }, SERVICE_400S[operationId] ?? []);
  if ("status" in asService)
    return { status: asService.status, body: asService.body as Record<string, unknown> };
  const params: Record<string, unknown> = { ...matched.path };
  for (const name of operation.queryParams) {
    const values = search.getAll(name).filter((value) => value !== "");
    if (values.length === 0) continue;
    const rule = RULES[name];
    if (rule?.type === "array") {
      // One request upstream: no more than the service takes in one (the client batches; a gateway passes one on).
      if (rule.maxItems !== undefined && values.length > rule.maxItems) {
        const error = new HiroValidationError(name, `must NOT have more than ${rule.maxItems} items`);
        return invalidRequest(operationId, "querystring", error);
      }
      params[name] = values;
      // One value: the service's rules refused a repeated key.
    } else params[name] = typed(name, values[0] as string);
  }
  try {
    return prepare(facts, operationId, params);
  } catch (error) {
    if (!(error instanceof HiroValidationError)) throw error;
    const name = error.parameter.replace(/\[\d+\]$/, "");
    const where = (operation.pathParams as readonly string[]).includes(name) ? "params" : "querystring";
    return invalidRequest(operationId, where, error);
  }
}
