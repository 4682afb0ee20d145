/**
 * The MCP server of `hiro-lookup mcp`: the tool box (tool-calls.ts) served over stdio with the official
 * SDK's low-level `Server` (the tools' JSON Schemas come from the spec, not from zod), and openapi.yaml
 * as a resource. stdout carries the protocol's frames and nothing else: whatever is logged goes to the
 * `log` function (stderr in the CLI). It serves until the client closes stdin.
 */
import { readFile } from "node:fs/promises";
import type { Readable, Writable } from "node:stream";
import type { LookupClient } from "../index.js";
import { loadMcpSdk, type McpSdk } from "./sdk.js";
import { createToolBox, type ToolBoxOptions, type ToolTimes } from "./tool-calls.js";

/** The URI of the spec, as a resource. */
export const SPEC_RESOURCE_URI = "hiro-lookup://openapi.yaml";

/** What the server tells the client about itself at initialization (an agent reads it). */
const INSTRUCTIONS =
  "Read-only lookups of Hiro's blockchain APIs: Stacks token metadata (Token Metadata API), the inscriptions on a satoshi (Ordinals) and the rune activity of a transaction (Runes), one tool per operation of the hiro-lookup OpenAPI document (the resource hiro-lookup://openapi.yaml), and explain_token, which says why a token's metadata is missing. Paged tools take limit and offset, and their answer gives the next page's arguments. A failed call is a result with isError and what to do.";

/** Options of {@link serveMcp}. */
export interface ServeMcpOptions extends ToolBoxOptions {
  /** The client every lookup goes through (its base URLs, key, timeouts, retries, answer checks). */
  client: LookupClient;
  /** Each call's deadline, and the doctor's per-fetch time limit. */
  times: ToolTimes;
  /** The server's version, as it introduces itself. */
  version: string;
  /** openapi.yaml, served as the resource {@link SPEC_RESOURCE_URI}; none when undefined. */
  specPath?: string | undefined;
  /** Where frames are read and written (process.stdin and process.stdout by default). */
  stdin?: Readable | undefined;
  stdout?: Writable | undefined;
  /** Where the server's own troubles are told (one line each). */
  log: (line: string) => void;
  /** The SDK, when already loaded (tests); else it is loaded here. */
  sdk?: McpSdk | undefined;
}

/** Serves the tools over stdio; resolves when the client disconnects (stdin ends). */
export async function serveMcp(options: ServeMcpOptions): Promise<void> {
  const { Server, StdioServerTransport, types } = options.sdk ?? (await loadMcpSdk());
  const box = createToolBox(options.client, options.times, options);
  const { specPath } = options;
  const server = new Server(
    { name: "hiro-lookup", version: options.version },
    {
      capabilities: { tools: { listChanged: false }, ...(specPath === undefined ? {} : { resources: {} }) },
      instructions: INSTRUCTIONS,
    },
  );
  server.onerror = (error) => options.log(`mcp: ${error.message}`);
  server.setRequestHandler(types.ListToolsRequestSchema, () => ({ tools: [...box.tools] }));
  server.setRequestHandler(types.CallToolRequestSchema, (request, extra) =>
    box.call(request.params.name, request.params.arguments, extra.signal),
  );
  if (specPath !== undefined) {
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
  }
  const stdin = options.stdin ?? process.stdin;
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport(stdin, options.stdout ?? process.stdout));
  // The SDK's stdio transport does not watch for the end of stdin: the client closing it ends the server.
  const close = () => void server.close();
  stdin.once("end", close);
  stdin.once("close", close);
  await closed;
  stdin.off("end", close);
  stdin.off("close", close);
}
