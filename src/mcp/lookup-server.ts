/**
 * `createLookupMcpServer(options)`: a ready MCP server (the SDK's `Server`, v2) of every lookup and the
 * token doctor, for an app that serves MCP itself, with the same tools, checks, deadlines and errors as
 * `hiro-lookup mcp` (which serves its servers from here). Hand it to the SDK's serving entries, which
 * serve both protocol eras: `serveStdio(() => createLookupMcpServer({ client }))`, or
 * `createMcpHandler(() => createLookupMcpServer({ client }))` over HTTP.
 */
import type { Server } from "@modelcontextprotocol/server";
import type { LookupClient } from "../index.js";
import { MCP_DEFAULTS } from "../shared/defaults.js";
import { createMcpServer } from "./mcp-server.js";
import { loadMcpSdk, type McpSdk } from "./sdk.js";
import { createToolBox, type ToolBox, type ToolBoxOptions, type ToolTimes } from "./tool-calls.js";

/** Options of {@link createLookupMcpServer}. */
export interface LookupMcpServerOptions extends ToolBoxOptions {
  /**
   * The client every lookup goes through (its base URLs, key, timeouts, retries). Each answer is checked
   * against the spec by the tools themselves, whatever the client's middleware.
   */
  client: LookupClient;
  /** Each call's deadline and the doctor's per-fetch limit, in ms (default `MCP_DEFAULTS`' 50 s and 10 s). */
  times?: Partial<ToolTimes> | undefined;
  /** The version the server introduces itself with (default `"unknown"`). */
  version?: string | undefined;
  /** A path to openapi.yaml, served as the resource `hiro-lookup://openapi.yaml`; none when undefined. */
  specPath?: string | undefined;
  /** Where the server's own troubles are told, one line each (default: stderr). */
  log?: ((line: string) => void) | undefined;
  /** The SDK, when already loaded; else it is imported (`@modelcontextprotocol/server`, a peer). */
  sdk?: McpSdk | undefined;
}

/** The default log: one line on stderr (stdout may be the protocol's). */
export const stderrLine = (line: string) => void process.stderr.write(`hiro-lookup: ${line}\n`);

/** The parts every server of one app shares: the SDK and one tool box. */
export interface LookupServerParts {
  sdk: McpSdk;
  box: ToolBox;
  build: () => Server;
}

/** Loads the SDK once and builds the tool box once; `build()` makes a fresh server of them. */
export async function lookupServerParts(options: LookupMcpServerOptions): Promise<LookupServerParts> {
  const sdk = options.sdk ?? (await loadMcpSdk());
  const deadlineMs = options.times?.deadlineMs ?? MCP_DEFAULTS.deadlineMs;
  const times: ToolTimes = {
    deadlineMs,
    hostTimeoutMs: options.times?.hostTimeoutMs ?? Math.min(MCP_DEFAULTS.hostTimeoutMs, deadlineMs),
  };
  const box = createToolBox(options.client, times, options);
  const log = options.log ?? stderrLine;
  const parts = { sdk, box, version: options.version ?? "unknown", specPath: options.specPath, log };
  return { sdk, box, build: () => createMcpServer(parts) };
}

/**
 * A server of the lookups and `explain_token`, not yet connected. Rejects with `McpSdkMissingError`
 * (naming the install command) when `@modelcontextprotocol/server` is not installed.
 */
export async function createLookupMcpServer(options: LookupMcpServerOptions): Promise<Server> {
  return (await lookupServerParts(options)).build();
}
