/**
 * The MCP face of the lookups (`hiro-lookup mcp`): the server over stdio and the loader of the SDK, an
 * optional peer dependency. The command line imports this entry only; nothing of the library imports it.
 */

export { MCP_DEFAULTS } from "../shared/defaults.js";
export { type ServeMcpHttpOptions, serveMcpHttp } from "./http.js";
export { loadMcpSdk, MCP_SDK_INSTALL_HINT, MCP_SDK_VERSION, type McpSdk, McpSdkMissingError } from "./sdk.js";
export { type ServeMcpOptions, serveMcp } from "./server.js";
