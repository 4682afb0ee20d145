/**
 * One MCP `Server` of the SDK (its protocol layer: the tools' JSON Schemas come from the spec, and this
 * server owns `tools/call`'s dispatch and its errors) answering from the tool box: `tools/list`,
 * `tools/call`, and openapi.yaml as a resource. The same instance serves either era (2025-11-25 after an
 * `initialize`, 2026-07-28 per request); the serving entries (stdio in server.ts, Streamable HTTP in
 * http.ts) build one per connection or per request. On 2026-07-28 the lists and the resource carry
 * public cache hints: what they say changes only with the package.
 */

import { readFile } from "node:fs/promises";
import type { Server } from "@modelcontextprotocol/server";
import { MCP_DEFAULTS } from "../shared/defaults.js";
import type { McpSdk } from "./sdk.js";
import type { ToolBox } from "./tool-calls.js";

/** The URI of the spec, as a resource. */
export const SPEC_RESOURCE_URI = "hiro-lookup://openapi.yaml";

/** How long a client or a shared cache may keep the tool list and the spec (2026-07-28 `ttlMs`): a day. */
export const LIST_TTL_MS = MCP_DEFAULTS.listTtlMs;

/** What the server tells the client about itself (an agent reads it). */
const INSTRUCTIONS =
  "Read-only lookups of Hiro's blockchain APIs: Stacks token metadata (Token Metadata API), the inscriptions on a satoshi (Ordinals) and the rune activity of a transaction (Runes), one tool per operation of the hiro-lookup OpenAPI document (the resource hiro-lookup://openapi.yaml), and explain_token, which says why a token's metadata is missing. Paged tools take limit and offset; total counts every item, and the answer gives the next page's arguments. A failed call is a result with isError and what to do.";

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

const PUBLIC = { ttlMs: LIST_TTL_MS, cacheScope: "public" } as const;

/** A server answering from `parts.box`, not yet connected. */
export function createMcpServer({ sdk, box, version, specPath, log }: McpServerParts): Server {
  const server = new sdk.Server(
    { name: "hiro-lookup", version },
    {
      capabilities: { tools: { listChanged: false }, ...(specPath === undefined ? {} : { resources: {} }) },
      instructions: INSTRUCTIONS,
      cacheHints: {
        "tools/list": PUBLIC,
        "resources/list": PUBLIC,
        "resources/read": PUBLIC,
        "server/discover": PUBLIC,
      },
    },
  );
  server.onerror = (error) => log(`mcp: ${error.message}`);
  server.setRequestHandler("tools/list", () => ({ tools: [...box.tools] }));
  server.setRequestHandler("tools/call", (request, ctx) =>
    box.call(request.params.name, request.params.arguments, ctx.mcpReq.signal, ctx.mcpReq._meta),
  );
  if (specPath === undefined) return server;
  server.setRequestHandler("resources/list", () => ({
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
  server.setRequestHandler("resources/read", async (request) => {
    if (request.params.uri !== SPEC_RESOURCE_URI)
      throw new sdk.ProtocolError(
        -32602,
        `no resource ${JSON.stringify(request.params.uri.slice(0, 200))}: the only one is ${SPEC_RESOURCE_URI}`,
      );
    const text = await readFile(specPath, "utf8");
    return { contents: [{ uri: SPEC_RESOURCE_URI, mimeType: "application/yaml", text }] };
  });
  return server;
}
