/**
 * `hiro-lookup mcp`: every lookup and the doctor as MCP tools for AI agents, over stdio or, with `--http`,
 * Streamable HTTP on 127.0.0.1 (src/mcp/). The
 * global options say where each service is and how requests are made, as for every command. It serves
 * the `hiro-lookup/mcp` entry's servers; the MCP SDK (`@modelcontextprotocol/server`, an optional peer
 * dependency, both protocol eras) is loaded only here, so no other command needs it. stdout carries the
 * protocol alone; logs go to stderr.
 */
import type { Command } from "commander";
import { HiroValidationError } from "../index.js";
import {
  loadMcpSdk,
  MCP_DEFAULTS,
  MCP_SDK_INSTALL_HINT,
  MCP_SDK_PACKAGE,
  MCP_SDK_VERSION,
  McpSdkMissingError,
  type ServeMcpOptions,
  serveMcp,
  serveMcpHttp,
} from "../mcp/index.js";
import { integer } from "./arguments.js";
import { readsGlobals, VERIFY_GLOBALS } from "./help.js";
import type { CliIo } from "./io.js";
import type { LookupRunner } from "./lookup-action.js";
import { mockPort, packageSpec } from "./mock-server.js";
import { inCliWords, isServiceUrlParameter } from "./option-names.js";
import { maxLimitOf } from "./service-flags.js";
import { serviceUrls } from "./service-urls.js";
import { packageVersion } from "./version.js";

/** An MCP client's entry for the server: npx installs the SDK (an optional peer) beside the package. */
const MCP_SERVERS_EXAMPLE = `{ "mcpServers": { "hiro-lookup": { "command": "npx", "args": ["-y", "-p", "hiro-lookup", "-p", "${MCP_SDK_PACKAGE}@${MCP_SDK_VERSION}", "hiro-lookup", "mcp"] } } }`;

/** `--http`: the tools over Streamable HTTP on 127.0.0.1:`port`, until SIGINT, SIGTERM or SIGHUP. */
async function serveHttpUntilSignal(options: ServeMcpOptions, port: number, io: CliIo): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const signal of signals) process.once(signal, onSignal);
  try {
    await serveMcpHttp({
      ...options,
      port,
      stop: stop.signal,
      onListening: (url) =>
        io.stderr.write(
          `hiro-lookup: MCP over Streamable HTTP on ${url} (this machine only); Ctrl-C stops it\n`,
        ),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE" || code === "EACCES")
      throw new HiroValidationError(
        "--http",
        `cannot listen on 127.0.0.1:${port} (${code}); pick another port, or 0`,
      );
    throw error;
  } finally {
    for (const signal of signals) process.removeListener(signal, onSignal);
  }
}

/** Adds `mcp` to `program`, run by `run` (the client from the global options, as for every lookup). */
export function registerMcp(program: Command, run: LookupRunner, io: CliIo): void {
  readsGlobals(
    program.command("mcp"),
    VERIFY_GLOBALS.filter((name) => name !== "json").concat(["verbose", "header"]),
  )
    .description("serve every lookup and the token doctor as MCP tools over stdio, for AI agents")
    .option("--http <port>", "serve Streamable HTTP on 127.0.0.1:<port> (0: a free one) instead of stdio")
    .option(
      "--tool-timeout <ms>",
      `deadline of each tool call, retries included, in ms (default ${MCP_DEFAULTS.deadlineMs})`,
      integer("--tool-timeout", 1),
    )
    .addHelpText(
      "after",
      `\nIt reads MCP frames on stdin and writes them on stdout until stdin closes; logs go to stderr.
With --http, it answers POSTs to http://127.0.0.1:<port>/mcp (stateless, loopback Host and Origin only).
Each attempt has ${MCP_DEFAULTS.attemptTimeoutMs} ms (--timeout) and is retried up to ${MCP_DEFAULTS.maxRetries} times (--retries),
within the tool's deadline. Both protocol eras (2025-11-25 and 2026-07-28) are served. Needs
${MCP_SDK_PACKAGE}, an optional peer dependency:
${MCP_SDK_INSTALL_HINT}

An MCP client's configuration (Claude Desktop, editors):
  ${MCP_SERVERS_EXAMPLE}

Examples:
  $ hiro-lookup mcp
  $ hiro-lookup --ordinals-url http://127.0.0.1:3000 --runes-url http://127.0.0.1:3001 mcp
  $ hiro-lookup --mock mcp
  $ hiro-lookup mcp --http 3333   # http://127.0.0.1:3333/mcp, until Ctrl-C`,
    )
    .action(
      run(
        async (client, global, command, mock) => {
          const { toolTimeout, http } = command.opts<{ toolTimeout?: number; http?: string }>();
          const port = http === undefined ? undefined : mockPort(http, "--http", 0);
          const deadlineMs = toolTimeout ?? MCP_DEFAULTS.deadlineMs;
          if (global.timeout !== undefined && global.timeout > deadlineMs)
            throw new HiroValidationError(
              "--timeout",
              `must not exceed the tool's deadline (${deadlineMs} ms)`,
            );
          // The SDK is loaded here only (an optional peer): the other commands start without it.
          const sdk = await loadMcpSdk(io.importMcpSdk).catch((error: unknown) => {
            // As a missing Prism for --mock: a refusal (exit 2) that says what to install.
            throw error instanceof McpSdkMissingError ? new HiroValidationError("mcp", error.message) : error;
          });
          const maxLimit = maxLimitOf(global);
          const urls = serviceUrls(global, io.env);
          const options: ServeMcpOptions = {
            client,
            sdk,
            times: { deadlineMs, hostTimeoutMs: Math.min(MCP_DEFAULTS.hostTimeoutMs, deadlineMs) },
            version: packageVersion(),
            specPath: packageSpec(),
            log: (line) => io.stderr.write(`hiro-lookup: ${line}\n`),
            // A missing service URL in the words of whoever configured the server (`--ordinals-url`, not
            // the client's baseUrl.ordinals); the tools' own arguments keep their names.
            retell: (error) =>
              error instanceof HiroValidationError && isServiceUrlParameter(error.parameter)
                ? inCliWords(error, urls)
                : error,
            ...(maxLimit === undefined ? {} : { maxLimit }),
            // Under --mock, the doctor reads the token documents and images the mock serves, as `explain` does.
            ...(mock?.tokenHost ? { tokenHost: mock.tokenHost } : {}),
          };
          await (port === undefined ? serveMcp(options) : serveHttpUntilSignal(options, port, io));
        },
        // An answer that does not fit the spec is an error result, never structured content that lies: the
        // tools check each answer by its validator (mcp/tool-calls.ts), once.
        { timeoutMs: MCP_DEFAULTS.attemptTimeoutMs, maxRetries: MCP_DEFAULTS.maxRetries },
      ),
    );
}
