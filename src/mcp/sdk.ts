/**
 * The MCP SDK's server (`@modelcontextprotocol/server`, v2: both protocol eras, 2025-11-25 and
 * 2026-07-28, from one entry), an optional peer dependency, loaded when `hiro-lookup mcp` starts and not
 * before: the other commands, and the library, never need it. Each module is imported by a dynamic
 * `import()`, so a bundler keeps it external and lazy, and a missing SDK is a message saying what to
 * install, not a crash of the whole command line.
 */

/** The version the package is tested with (its devDependency). */
export const MCP_SDK_VERSION = "2.4.0";

/** The SDK's package. */
export const MCP_SDK_PACKAGE = "@modelcontextprotocol/server";

/** How to install it. */
export const MCP_SDK_INSTALL_HINT = `npm install ${MCP_SDK_PACKAGE}@${MCP_SDK_VERSION}`;

/** Thrown when the SDK is not installed next to hiro-lookup (nor in the user's project). */
export class McpSdkMissingError extends Error {
  override name = "McpSdkMissingError";
}

/** The pieces of the SDK the server uses. */
export interface McpSdk {
  Server: typeof import("@modelcontextprotocol/server").Server;
  ProtocolError: typeof import("@modelcontextprotocol/server").ProtocolError;
  createMcpHandler: typeof import("@modelcontextprotocol/server").createMcpHandler;
  parseJSONRPCMessage: typeof import("@modelcontextprotocol/server").parseJSONRPCMessage;
  serveStdio: typeof import("@modelcontextprotocol/server/stdio").serveStdio;
  StdioServerTransport: typeof import("@modelcontextprotocol/server/stdio").StdioServerTransport;
}

/** Imports the two modules of the SDK the server uses. */
export async function importMcpSdk(): Promise<McpSdk> {
  const [server, stdio] = await Promise.all([
    import("@modelcontextprotocol/server"),
    import("@modelcontextprotocol/server/stdio"),
  ]);
  return {
    Server: server.Server,
    ProtocolError: server.ProtocolError,
    createMcpHandler: server.createMcpHandler,
    parseJSONRPCMessage: server.parseJSONRPCMessage,
    serveStdio: stdio.serveStdio,
    StdioServerTransport: stdio.StdioServerTransport,
  };
}

/** Whether `error` says the SDK is not installed (Node's code for a package it cannot find). */
export const sdkNotFound = (error: unknown) =>
  error instanceof Error &&
  "code" in error &&
  (error.code === "ERR_MODULE_NOT_FOUND" || error.code === "MODULE_NOT_FOUND") &&
  error.message.includes(MCP_SDK_PACKAGE);

/** `error` said as {@link McpSdkMissingError} when it is a missing SDK; else as is. */
export function missingSdk(error: unknown): unknown {
  return sdkNotFound(error)
    ? new McpSdkMissingError(
        `needs ${MCP_SDK_PACKAGE} (an optional peer dependency), which is not installed: ${MCP_SDK_INSTALL_HINT}`,
        { cause: error },
      )
    : error;
}

/**
 * Loads the SDK with `importSdk` (default {@link importMcpSdk}; tests pass one that fails). Rejects with
 * {@link McpSdkMissingError}, naming the install command, when it is not installed.
 */
export async function loadMcpSdk(importSdk: () => Promise<McpSdk> = importMcpSdk): Promise<McpSdk> {
  try {
    return await importSdk();
  } catch (error) {
    throw missingSdk(error);
  }
}
