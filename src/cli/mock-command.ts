/**
 * `hiro-lookup mock`: the mock of the package's openapi.yaml (Prism behind the front that answers any
 * valid id as the service would, the same as `--mock`), served until SIGINT, SIGTERM or SIGHUP, for an
 * app under development to point its base URL at.
 */
import type { Command } from "commander";
import type { CliIo } from "./io.js";
import { mockHints, mockPort, startStandingMock } from "./mock-server.js";

/** The default port of the standing mock: the spec's `servers` entry for the local mock. */
const DEFAULT_PORT = 4010;

/** Adds `mock` to `program`. A refusal (Prism missing, a taken or bad port) is a HiroValidationError: exit 2. */
export function registerMock(program: Command, io: CliIo): void {
  program
    .command("mock")
    .description("serve a mock of every service on 127.0.0.1 until stopped (Ctrl-C), for an app to use")
    .option(
      "--port <port>",
      `port to listen on (default: env HIRO_MOCK_PORT, else ${DEFAULT_PORT}; 0: any free one)`,
    )
    .action(async (options: { port?: string }) => {
      const fromFlag = options.port !== undefined;
      const port = fromFlag
        ? mockPort(options.port, "--port", DEFAULT_PORT)
        : mockPort(io.env.HIRO_MOCK_PORT, "HIRO_MOCK_PORT", DEFAULT_PORT);
      const mock = await startStandingMock(port, fromFlag ? "--port" : "HIRO_MOCK_PORT");
      io.stdout.write(`hiro-lookup mock: every service of openapi.yaml on ${mock.url}\n`);
      io.stdout.write(`  createLookupClient({ baseUrl: "${mock.url}" })   or   --base-url ${mock.url}\n\n`);
      io.stdout.write(`${mockHints(mock.url)}\nCtrl-C (or SIGTERM/SIGHUP) stops it.\n`);
      const signal = await mock.stopped;
      io.stderr.write(`hiro-lookup mock: ${signal}, stopped\n`);
    });
}
