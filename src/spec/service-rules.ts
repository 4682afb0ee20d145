/**
 * The service's own parameter rules (the spec's, as upstream's Fastify applies them), beside the operation
 * table they read: its `400` when one fails, the first failing rule, path parameters first, in Fastify's
 * words (`params/limit must be <= 60`), shaped like the operation's documented `400` examples (the
 * Ordinals API sends one constant body whatever failed). A valid request comes out in the form the
 * examples' requests have. The mock answers by them (src/mock/), and the gateway refuses by them what
 * upstream would, in upstream's words, before the client's own checks.
 */
import type { MockExample } from "../generated/mock-examples.js";
import type { operations } from "../generated/operations.js";
import { parameterRules } from "../generated/parameters.js";

/** A request to one operation as the service reads it: its path parameters (decoded) and its query. */
export interface ServiceRequest {
  path: Readonly<Record<string, string>>;
  query: URLSearchParams;
}

/** The service's `400` for a request its rules refuse: the body, and the documented example it is, if one is. */
export interface ServiceRefusal {
  status: number;
  /** The JSON body (a fresh copy: the caller may change it). */
  body: unknown;
  /** The named example this refusal is, when one of the operation's documented 400s is it. */
  example?: string;
}

/** A request in the form the examples' `request` has: the values compared as text, defaults filled in. */
export interface NormalRequest {
  path: Record<string, string>;
  query: Record<string, string>;
}

type Rule = {
  type?: string;
  enum?: readonly string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};
const RULES: Readonly<Record<string, Rule>> = parameterRules;

/** An operation's parameters, as the generated operation table lists them. */
export type OperationParams = Pick<
  (typeof operations)[keyof typeof operations],
  "pathParams" | "queryParams"
>;

/**
 * The parameters the service reads as a JS number and echoes in its answer (a page's `offset`): past
 * 2^53-1 it would echo another number (or fail in SQL), so the mock refuses them with a 400 of its shape.
 */
const READ_AS_NUMBER: Readonly<Record<string, true>> = { offset: true };

/** More digits than any bound of the spec (all below 10^40): compared by sign alone, never parsed. */
const DIGITS_MAX = 40;

/** An integer's decimal text as a BigInt, or ±Infinity when it is longer than any bound (a slow parse). */
function integerOf(value: string): bigint | number {
  const negative = value.startsWith("-");
  const digits = value.slice(negative ? 1 : 0).replace(/^0+(?=\d)/, "");
  if (digits.length > DIGITS_MAX) return negative ? -Infinity : Infinity;
  return BigInt(value);
}

/** What is wrong with `value` under `rule` (Fastify's wording), or undefined. */
function problemOf(value: string, rule: Rule, asNumber = false): string | undefined {
  if (rule.type === "integer") {
    if (!/^-?\d+$/.test(value)) return "must be integer";
    const number = integerOf(value);
    if (rule.minimum !== undefined && number < BigInt(rule.minimum)) return `must be >= ${rule.minimum}`;
    if (rule.maximum !== undefined && number > BigInt(rule.maximum)) return `must be <= ${rule.maximum}`;
    if (rule.exclusiveMaximum !== undefined && number >= BigInt(rule.exclusiveMaximum))
      return `must be < ${rule.exclusiveMaximum}`;
    if (asNumber && number > BigInt(Number.MAX_SAFE_INTEGER)) return `must be <= ${Number.MAX_SAFE_INTEGER}`;
  }
  // Ajv coerces only "true" and "false" to a boolean.
  if (rule.type === "boolean" && value !== "true" && value !== "false") return "must be boolean";
  // Upstream's enums are TypeBox's `Type.Enum`, an `anyOf` of `const`s: Ajv reports each branch, then the anyOf.
  if (rule.enum !== undefined && !rule.enum.includes(value)) {
    const branch = "must be equal to constant";
    return [...rule.enum.map(() => branch), "must match a schema in anyOf"].join(", <where> ");
  }
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(value))
    return `must match pattern "${rule.pattern}"`;
  return undefined;
}

/**
 * What is wrong with a key given more than once, for a parameter that is not an array: Fastify's
 * `coerceTypes: "array"` makes it an array, which no single value's type takes (an enum's branches each
 * say so, then the anyOf).
 */
function repeatedProblem(rule: Rule): string {
  if (rule.enum !== undefined) {
    const branch = "must be string, <where> must be equal to constant";
    return [...rule.enum.map(() => branch), "must match a schema in anyOf"].join(", <where> ");
  }
  return `must be ${rule.type ?? "string"}`;
}

/** Whether an empty value is no value: only for a plain string (Fastify checks `""` against the rest). */
const takesEmpty = (rule: Rule) =>
  (rule.type === undefined || rule.type === "string") &&
  rule.enum === undefined &&
  rule.pattern === undefined;

/** A value as the examples' requests hold it: an integer in canonical decimal form (no leading zeros), the rest as sent. */
const canonical = (value: string, rule: Rule) =>
  rule.type === "integer" && /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, "") : value;

/** The `400` the service sends for `message`, shaped like the operation's documented 400 examples. */
function refusal(message: string, examples: readonly MockExample[]): ServiceRefusal {
  const documented = examples.filter((e) => e.status === 400);
  const template = (documented[0]?.value ?? {}) as Record<string, unknown>;
  const body =
    "message" in template
      ? {
          statusCode: 400,
          ...("code" in template ? { code: template.code } : {}),
          error: "Bad Request",
          message,
        }
      : structuredClone(template);
  const same = documented.find((e) => JSON.stringify(e.value) === JSON.stringify(body));
  return { status: 400, body, ...(same ? { example: same.name } : {}) };
}

/**
 * The request in normal form, or the `400` of its first invalid parameter. Query values: an empty one is
 * an absent one for a plain string (a `name`, a `locale`), and a value that fails for the rest (`limit=`
 * is "must be integer"); a repeated key is refused unless the parameter is an array; an absent value
 * takes the spec's default, if it has one.
 */
export function checkRequest(
  operation: OperationParams,
  request: ServiceRequest,
  examples: readonly MockExample[],
): NormalRequest | ServiceRefusal {
  const normal: NormalRequest = { path: {}, query: {} };
  for (const name of operation.pathParams) {
    const value = request.path[name] ?? "";
    const rule = RULES[name] ?? {};
    const problem = problemOf(value, rule);
    if (problem)
      return refusal(`params/${name} ${problem.replaceAll("<where>", `params/${name}`)}`, examples);
    normal.path[name] = canonical(value, rule);
  }
  for (const name of operation.queryParams) {
    const rule = RULES[name] ?? {};
    const where = `querystring/${name}`;
    const values = request.query.getAll(name);
    if (values.length > 1 && rule.type !== "array")
      return refusal(`${where} ${repeatedProblem(rule).replaceAll("<where>", where)}`, examples);
    const sent = values[0];
    if (sent === undefined || (sent === "" && takesEmpty(rule))) {
      if (rule.default !== undefined) normal.query[name] = String(rule.default);
      continue;
    }
    const problem = problemOf(sent, rule, READ_AS_NUMBER[name]);
    if (problem) return refusal(`${where} ${problem.replaceAll("<where>", where)}`, examples);
    normal.query[name] = canonical(sent, rule);
  }
  return normal;
}

/**
 * Fastify's 400 for a path that does not decode (a broken %-escape such as `/sft/%/1`): what upstream
 * answers, and what the mock's front and the msw kit answer themselves (it once killed Prism).
 */
export function badUrlBody(pathname: string): Record<string, unknown> {
  const message = `'${pathname.slice(0, 200)}' is not a valid url component`;
  return { statusCode: 400, code: "FST_ERR_BAD_URL", error: "Bad Request", message };
}
