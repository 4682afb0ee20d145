/**
 * The MCP server of `hiro-lookup mcp` over stdio: the SDK's `serveStdio`, which serves both eras (a
 * 2025-11-25 `initialize`, or 2026-07-28 requests each carrying their version), each connection from a
 * server of the tool box (mcp-server.ts). stdin passes through a line guard first (stdio-lines.ts: a
 * line that is not JSON-RPC is answered, not dropped). stdout carries the protocol's frames and nothing
 * else: whatever is logged goes to the `log` function (stderr in the CLI). It serves until the client
 * closes stdin.
 */
import type { Readable, Writable } from "node:stream";
import { type LookupMcpServerOptions, lookupServerParts, stderrLine } from "./lookup-server.js";
import type { McpSdk } from "./sdk.js";
import { guardedLines } from "./stdio-lines.js";

/** Options of {@link serveMcp}: the server's (see {@link LookupMcpServerOptions}), and where frames go. */
export interface ServeMcpOptions extends LookupMcpServerOptions {
  /** Where frames are read and written (process.stdin and process.stdout by default). */
  stdin?: Readable | undefined;
  stdout?: Writable | undefined;
}

/** Whether `value` is a JSON-RPC message, by the SDK's own schema. */
const isMessageOf = (sdk: McpSdk) => (value: unknown) => {
  try {
    sdk.parseJSONRPCMessage(value);
    return true;
  } catch {
    return false;
  }
};

/** Serves the tools over stdio; resolves when the client disconnects (stdin ends). */
export async function serveMcp(options: ServeMcpOptions): Promise<void> {
  const { sdk, build } = await lookupServerParts(options);
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const lines = guardedLines((frame) => stdout.write(frame), isMessageOf(sdk));
  stdin.pipe(lines);
  const ended = new Promise<void>((resolve) => {
    stdin.once("end", resolve);
    stdin.once("close", resolve);
  });
  const log = options.log ?? stderrLine;
  const handle = sdk.serveStdio(build, {
    transport: new sdk.StdioServerTransport(lines, stdout),
    onerror: (error) => log(`mcp: ${error.message}`),
  });
  await ended;
  stdin.unpipe(lines);
  lines.end();
  await handle.close();
}
