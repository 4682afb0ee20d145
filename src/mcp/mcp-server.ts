/**
 * One MCP `Server` of the SDK (its low-level class: the tools' JSON Schemas come from the spec, not from
 * zod) answering from the tool box: `tools/list`, `tools/call`, and openapi.yaml as a resource. The
 * transports (stdio in server.ts, Streamable HTTP in http.ts) connect it.
 */
import { readFile } from "node:fs/promises";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { McpSdk } from "./sdk.js";
import type { ToolBox } from "./tool-calls.js";

/** The URI of the spec, as a resource. */
export const SPEC_RESOURCE_URI = "hiro-lookup://openapi.yaml";

/** What the server tells the client about itself at initialization (an agent reads it). */
const INSTRUCTIONS =
  "Read-only lookups of Hiro's blockchain APIs: Stacks token metadata (Token Metadata API), the inscriptions on a satoshi (Ordinals) and the rune activity of a transaction (Runes), one tool per operation of the hiro-lookup OpenAPI document (the resource hiro-lookup://openapi.yaml), and explain_token, which says why a token's metadata is missing. Paged tools take limit and offset, and their answer gives the next page's arguments. A failed call is a result with isError and what to do.";

/** What the server is built from. */
export interface McpServerParts {
  sdk: McpSdk;
  box: ToolBox;
  /** The server's version, as it introduces itself. */
  version: string;
  /** openapi.yaml, served as the resource {@link SPEC_RESOURCE_URI}; none when undefined. */
  specPath?: string | undefined;
  /** Where the server's own troubles are told (one line each). */
  log: (line: string) => void;
}

/** A server answering from `parts.box`, not yet connected. */
export function createMcpServer({ sdk, box, version, specPath, log }: McpServerParts): Server {
  const { types } = sdk;
  const server = new sdk.Server(
    { name: "hiro-lookup", version },
    {
      capabilities: { tools: { listChanged: false }, ...(specPath === undefined ? {} : { resources: {} }) },
      instructions: INSTRUCTIONS,
    },
  );
  server.onerror = (error) => log(`mcp: ${error.message}`);
  server.setRequestHandler(types.ListToolsRequestSchema, () => ({ tools: [...box.tools] }));
  server.setRequestHandler(types.CallToolRequestSchema, (request, extra) =>
    box.call(request.params.name, request.params.arguments, extra.signal),
  );
  if (specPath === undefined) return server;
  server.setRequestHandler(types.ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: SPEC_RESOURCE_URI,
        name: "openapi.yaml",
        title: "The hiro-lookup OpenAPI document",
        description:
          "OpenAPI 3.1 document of every operation the tools run: parameters, answers, error bodies and the services' quirks.",
        mimeType: "application/yaml",
      },
    ],
  }));
  server.setRequestHandler(types.ReadResourceRequestSchema, async (request) => {
    if (request.params.uri !== SPEC_RESOURCE_URI)
      throw new types.McpError(
        types.ErrorCode.InvalidParams,
        `no resource ${JSON.stringify(request.params.uri.slice(0, 200))}: the only one is ${SPEC_RESOURCE_URI}`,
      );
    const text = await readFile(specPath, "utf8");
    return { contents: [{ uri: SPEC_RESOURCE_URI, mimeType: "application/yaml", text }] };
  });
  return server;
}
