/**
 * The MCP server of `hiro-lookup mcp` over stdio: the tool box (tool-calls.ts) in one SDK server
 * (mcp-server.ts). stdout carries the protocol's frames and nothing else: whatever is logged goes to the
 * `log` function (stderr in the CLI). It serves until the client closes stdin.
 */
import type { Readable, Writable } from "node:stream";
import type { LookupClient } from "../index.js";
import { createMcpServer } from "./mcp-server.js";
import { loadMcpSdk, type McpSdk } from "./sdk.js";
import { createToolBox, type ToolBoxOptions, type ToolTimes } from "./tool-calls.js";

/** Options of {@link serveMcp}. */
export interface ServeMcpOptions extends ToolBoxOptions {
  /** The client every lookup goes through (its base URLs, key, timeouts, retries, answer checks). */
  client: LookupClient;
  /** Each call's deadline, and the doctor's per-fetch time limit. */
  times: ToolTimes;
  /** The server's version, as it introduces itself. */
  version: string;
  /** openapi.yaml, served as a resource; none when undefined. */
  specPath?: string | undefined;
  /** Where frames are read and written (process.stdin and process.stdout by default). */
  stdin?: Readable | undefined;
  stdout?: Writable | undefined;
  /** Where the server's own troubles are told (one line each). */
  log: (line: string) => void;
  /** The SDK, when already loaded; else it is loaded here. */
  sdk?: McpSdk | undefined;
}

/** Serves the tools over stdio; resolves when the client disconnects (stdin ends). */
export async function serveMcp(options: ServeMcpOptions): Promise<void> {
  const sdk = options.sdk ?? (await loadMcpSdk());
  const box = createToolBox(options.client, options.times, options);
  const server = createMcpServer({ ...options, sdk, box });
  const stdin = options.stdin ?? process.stdin;
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new sdk.StdioServerTransport(stdin, options.stdout ?? process.stdout));
  // The SDK's stdio transport does not watch for the end of stdin: the client closing it ends the server.
  const close = () => void server.close();
  stdin.once("end", close);
  stdin.once("close", close);
  await closed;
  stdin.off("end", close);
  stdin.off("close", close);
}
