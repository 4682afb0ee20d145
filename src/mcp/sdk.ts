/**
 * The MCP SDK (`@modelcontextprotocol/sdk`, an optional peer dependency), loaded when `hiro-lookup mcp`
 * starts and not before: the other commands, and the library, never need it. Each module is imported by
 * a dynamic `import()`, so a bundler keeps it external and lazy, and a missing SDK is a message saying
 * what to install, not a crash of the whole command line.
 */

/** The version the package is tested with (its devDependency). */
export const MCP_SDK_VERSION = "1.32.2";

/** How to install it. */
export const MCP_SDK_INSTALL_HINT = `npm install @modelcontextprotocol/sdk@${MCP_SDK_VERSION}`;

/** Thrown when the SDK is not installed next to hiro-lookup (nor in the user's project). */
export class McpSdkMissingError extends Error {
  override name = "McpSdkMissingError";
}

/** The pieces of the SDK the server uses. */
export interface McpSdk {
  Server: typeof import("@modelcontextprotocol/sdk/server/index.js").Server;
  StdioServerTransport: typeof import("@modelcontextprotocol/sdk/server/stdio.js").StdioServerTransport;
  types: typeof import("@modelcontextprotocol/sdk/types.js");
}

/** Imports the three modules of the SDK the server uses. */
export async function importMcpSdk(): Promise<McpSdk> {
  const [server, stdio, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return { Server: server.Server, StdioServerTransport: stdio.StdioServerTransport, types };
}

/** Whether `error` says the SDK is not installed (Node's code for a package it cannot find). */
const sdkNotFound = (error: unknown) =>
  error instanceof Error &&
  "code" in error &&
  (error.code === "ERR_MODULE_NOT_FOUND" || error.code === "MODULE_NOT_FOUND") &&
  error.message.includes("@modelcontextprotocol/sdk");

/** `load()`, with a missing SDK said as {@link McpSdkMissingError}; any other failure rethrown as is. */
async function loading<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (sdkNotFound(error))
      throw new McpSdkMissingError(
        `needs @modelcontextprotocol/sdk (an optional peer dependency), which is not installed: ${MCP_SDK_INSTALL_HINT}`,
        { cause: error },
      );
    throw error;
  }
}

/**
 * Loads the SDK with `importSdk` (default {@link importMcpSdk}; tests pass one that fails). Rejects with
 * {@link McpSdkMissingError}, naming the install command, when it is not installed.
 */
export function loadMcpSdk(importSdk: () => Promise<McpSdk> = importMcpSdk): Promise<McpSdk> {
  return loading(importSdk);
}

/** The SDK's Streamable HTTP server transport (Node), for `mcp --http`. */
export type StreamableHttpTransport =
  typeof import("@modelcontextprotocol/sdk/server/streamableHttp.js").StreamableHTTPServerTransport;

/** Loads the Streamable HTTP transport, only when `--http` asks for it (it brings an HTTP adapter). */
export function loadMcpHttpTransport(): Promise<StreamableHttpTransport> {
  return loading(
    async () =>
      (await import("@modelcontextprotocol/sdk/server/streamableHttp.js")).StreamableHTTPServerTransport,
  );
}
