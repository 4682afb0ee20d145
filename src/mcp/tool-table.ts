/**
 * The MCP tools of the lookups, one per operation of the spec's operation table, named by its
 * operationId in snake_case (`getSftMetadata` → `get_sft_metadata`). Each tool's input schema is the
 * operation's path and query parameters as the spec writes them (descriptions, patterns, ranges, enums,
 * defaults), its output schema the spec's 200 body, both from `generated/tool-schemas.ts`. No list by
 * hand: an operation added to the spec is a tool after `npm run generate`.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { type JsonSchemaObject, operationSchemas } from "../generated/tool-schemas.js";
import { operations, type ServiceName } from "../spec/index.js";
import type { OperationId } from "../spec/types.js";

/** The page size of a paged tool when the caller gives no `limit`: small, as an agent's context is. */
export const TOOL_PAGE_SIZE = 10;

/** A lookup as an MCP tool: the operation it runs and what `tools/list` says of it. */
export interface LookupTool {
  operationId: OperationId;
  /** Whether it takes `offset` and `limit` (its answer is a page). */
  paged: boolean;
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

/**
 * The tool's answer when the client reshapes the service's: `searchTokens` asks in requests of 50 and
 * returns `{ results, missing }`, the ids it did not find as the caller wrote them.
 */
const ANSWER_SHAPES: Partial<Record<OperationId, (body: JsonSchemaObject) => JsonSchemaObject>> = {
  searchTokens: (body) => ({
    type: "object",
    required: ["results", "missing"],
    properties: {
      results: body,
      missing: {
        type: "array",
        description: "The ids asked for that the service did not return, as written, in the order asked.",
        items: { type: "string" },
      },
    },
  }),
};

/** The output schema: the 200 body when it is an object (the protocol asks for one), or the client's shape of it. */
function outputSchemaOf(operationId: OperationId, body: JsonSchemaObject): Tool["outputSchema"] {
  const shaped = ANSWER_SHAPES[operationId]?.(body) ?? body;
  return shaped.type === "object" ? { ...shaped, type: "object" } : undefined;
}

/** How a paged tool's caller gets the next page, said in its description. */
const PAGING = `Paged: \`limit\` (default ${TOOL_PAGE_SIZE}) and \`offset\` (default 0); \`total\` counts every item. The answer says the arguments of the next page, if there is one (\`offset\` + the number of results, while below \`total\`).`;

/** The input schema of `operationId`: its parameters, the paged ones' `limit` with the tool's default and the deployment's maximum. */
function inputSchemaOf(operationId: OperationId, maxLimit: number | undefined): Tool["inputSchema"] {
  const { parameters, required } = operationSchemas[operationId];
  const properties: Record<string, JsonSchemaObject> = { ...parameters };
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
    properties,
    ...(required.length > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/** Every lookup of the operation table as a tool, in the table's order. */
export function lookupTools(options: LookupToolsOptions = {}): LookupTool[] {
  return (Object.keys(operations) as OperationId[]).map((operationId) => {
    const { summary, description, response } = operationSchemas[operationId];
    const { paged, service } = operations[operationId];
    const outputSchema = outputSchemaOf(operationId, response);
    const text = [`${summary}.`, description, paged ? PAGING : ""].filter((part) => part !== "").join(" ");
    return {
      operationId,
      paged,
      definition: {
        name: toolName(operationId),
        title: summary,
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
