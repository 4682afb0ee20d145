/**
 * The MCP tools of the lookups, one per operation of the spec's operation table, named by its
 * operationId in snake_case (`getSftMetadata` → `get_sft_metadata`), listed in the table's order. What
 * `tools/list` says is kept light (an agent reads it before every conversation), and nothing is lost:
 * - each parameter keeps the spec's rules (pattern, range, enum, default, length) and the opening of its
 *   description (whole sentences, up to {@link DESCRIPTION_CHARS} characters);
 * - the output schema is the outline of what the agent reads, from the response validator's own JSON
 *   Schema (`hiro-lookup/validators`, `~standard.jsonSchema`): field names, types, nullability and enums.
 *   Patterns, ranges and required fields stay with the validator, which checks every answer in full
 *   (tool-calls.ts) before it becomes structured content.
 * No list by hand: an operation added to the spec is a tool after `npm run generate`.
 */

import type { Tool } from "@modelcontextprotocol/server";
import type { OperationId } from "../index.js";
import { type JsonSchemaObject, operationSchemas } from "../internal.js";
import { MCP_DEFAULTS } from "../shared/defaults.js";
import { operations, type ServiceName } from "../spec-entry.js";
import { type ResponseSchema, responseValidators } from "../validators.js";

/** The page size of a paged tool when the caller gives no `limit` (src/shared/defaults.ts). */
export const TOOL_PAGE_SIZE = MCP_DEFAULTS.toolPageSize;

/** The longest description a parameter keeps (whole sentences; the first one always). */
export const DESCRIPTION_CHARS = 200;

/** A lookup as an MCP tool: the operation it runs, the validator of its answer and what `tools/list` says of it. */
export interface LookupTool {
  operationId: OperationId;
  /** Whether it takes `offset` and `limit` (its answer is a page). */
  paged: boolean;
  /** The validator of the service's 200 body (the tool's answer, or its `results` for `search_tokens`). */
  validator: ResponseSchema;
  definition: Tool;
}

/** Options of {@link lookupTools}. */
export interface LookupToolsOptions {
  /** A paged service's largest `limit`, when the deployment's is not the spec's 60. */
  maxLimit?: Partial<Record<ServiceName, number>> | undefined;
}

/** `getSftMetadata` → `get_sft_metadata`. */
export function toolName(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The opening sentences of `text`, up to {@link DESCRIPTION_CHARS} (the first one whatever its length). */
export function opening(text: string): string {
  const sentences = text.match(/[^.!?]+(?:[.!?](?=\s|$)|$)(?:[^\S\n]*)/g) ?? [text];
  let kept = "";
  for (const sentence of sentences) {
    if (kept !== "" && (kept + sentence).trim().length > DESCRIPTION_CHARS) break;
    kept += sentence;
  }
  return kept.trim();
}

const SHAPE_KEYWORDS = new Set([
  "type",
  "enum",
  "const",
  "items",
  "properties",
  "additionalProperties",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "$defs",
]);

/** `schema`'s outline: the keywords that say a value's shape (names, types, nullability, enums), nothing that only validates. */
export function outline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(outline);
  if (typeof schema !== "object" || schema === null) return schema;
  const kept: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!SHAPE_KEYWORDS.has(keyword)) continue;
    kept[keyword] =
      (keyword === "properties" || keyword === "$defs") && typeof value === "object" && value !== null
        ? Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, outline(inner)]))
        : outline(value);
  }
  return kept;
}

/** The outline of `operationId`'s 200 body, from its validator's JSON Schema. */
function bodyOutline(operationId: OperationId): JsonSchemaObject {
  const { $schema: _, ...schema } = responseValidators[operationId]["~standard"].jsonSchema.output({
    target: "draft-2020-12",
  });
  return outline(schema) as JsonSchemaObject;
}

/** The tool's output schema: the body's outline, or `search_tokens`' `{ results, missing }` around it. */
function outputSchemaOf(operationId: OperationId): Tool["outputSchema"] {
  const { $defs, ...body } = bodyOutline(operationId);
  const shaped =
    operationId === "searchTokens"
      ? {
          type: "object",
          properties: { results: body, missing: { type: "array", items: { type: "string" } } },
        }
      : body;
  return shaped.type === "object" ? { ...shaped, type: "object", ...($defs ? { $defs } : {}) } : undefined;
}

/** How a paged tool's caller gets the next page (the server's instructions say the rest). */
const PAGING = `Paged: limit (default ${TOOL_PAGE_SIZE}), offset; the answer names the next page.`;

/** A parameter as the tool says it: the spec's rules, the opening of its description. */
function parameterOf(name: string, schema: JsonSchemaObject): JsonSchemaObject {
  const described = { ...schema, description: opening(String(schema.description ?? "")) };
  // A JSON number is exact up to 2^53-1: the largest token id a tool's argument can name exactly.
  return name === "token_id" ? { ...described, maximum: Number.MAX_SAFE_INTEGER } : described;
}

/** The input schema of `operationId`: its parameters, the paged ones' `limit` with the tool's default and the deployment's maximum. */
function inputSchemaOf(operationId: OperationId, maxLimit: number | undefined): Tool["inputSchema"] {
  const { parameters, required } = operationSchemas[operationId];
  const properties: Record<string, JsonSchemaObject> = Object.fromEntries(
    Object.entries(parameters).map(([name, schema]) => [name, parameterOf(name, schema)]),
  );
  const limit = properties.limit;
  if (limit !== undefined) {
    // The spec's words say 1 to 60 and that a deployment may set its own: this server's is said after them.
    const own =
      maxLimit === undefined
        ? {}
        : {
            maximum: maxLimit,
            description: `${limit.description ?? ""} On this server: 1 to ${maxLimit}.`.trim(),
          };
    properties.limit = { ...limit, default: TOOL_PAGE_SIZE, ...own };
  }
  return {
    type: "object",
    // The spec's schemas are JSON data (parsed from YAML), as the SDK's type says.
    properties: properties as NonNullable<Tool["inputSchema"]["properties"]>,
    ...(required.length > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/** Every lookup of the operation table as a tool, in the table's order. */
export function lookupTools(options: LookupToolsOptions = {}): LookupTool[] {
  return (Object.keys(operations) as OperationId[]).map((operationId) => {
    const { summary, description } = operationSchemas[operationId];
    const { paged, service } = operations[operationId];
    const outputSchema = outputSchemaOf(operationId);
    const text = [`${summary}.`, opening(description), paged ? PAGING : ""]
      .filter((part) => part !== "")
      .join(" ");
    return {
      operationId,
      paged,
      validator: responseValidators[operationId],
      definition: {
        name: toolName(operationId),
        description: text,
        inputSchema: inputSchemaOf(operationId, options.maxLimit?.[service]),
        ...(outputSchema === undefined ? {} : { outputSchema }),
        annotations: {
          title: summary,
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: true,
        },
      },
    };
  });
}
