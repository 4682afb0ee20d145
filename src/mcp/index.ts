/**
 * `hiro-lookup/mcp`: the lookups and the token doctor as MCP tools, on the MCP SDK's server (v2,
 * `@modelcontextprotocol/server`, an optional peer), which serves both protocol eras (2025-11-25 and
 * 2026-07-28). `createLookupMcpServer` makes a ready server for an app's own serving; `serveMcp` (stdio)
 * and `serveMcpHttp` (Streamable HTTP on 127.0.0.1) serve it as `hiro-lookup mcp` does, which uses this
 * entry. Node only (the spec resource is read from a file, the HTTP server is `node:http`).
 * @packageDocumentation
 */

export { MCP_DEFAULTS } from "../shared/defaults.js";
export { MCP_HTTP_HOST, MCP_HTTP_PATH, type ServeMcpHttpOptions, serveMcpHttp } from "./http.js";
export { createLookupMcpServer, type LookupMcpServerOptions } from "./lookup-server.js";
export { SPEC_RESOURCE_URI } from "./mcp-server.js";
export {
  loadMcpSdk,
  MCP_SDK_INSTALL_HINT,
  MCP_SDK_PACKAGE,
  MCP_SDK_VERSION,
  type McpSdk,
  McpSdkMissingError,
} from "./sdk.js";
export { type ServeMcpOptions, serveMcp } from "./server.js";
export type { ToolTimes } from "./tool-calls.js";
