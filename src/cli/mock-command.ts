/**
 * `hiro-lookup mock`: the mock of the package's openapi.yaml (the mock's rules, served in the CLI's own
 * process: any valid id answered as the service would, the same as `--mock`), served until SIGINT,
 * SIGTERM or SIGHUP (or until the npx or npm script that started it is stopped), for an app under
 * development to point its base URL at. It shows a rate limit (3,000 requests a minute by default;
 * `--rate-limit`, a global option that `--mock` reads too, sets another).
 */
import type { Command } from "commander";
import { HiroValidationError } from "../index.js";
import { readsGlobals } from "./help.js";
import type { CliIo } from "./io.js";
import { MOCK_RATE, mockHints, mockPort } from "./mock-server.js";

/** The default port: the spec's `servers` entry for the local mock. */
const DEFAULT_PORT = 4010;

/** Adds `mock` to `program`. A refusal (a taken or bad port) is a HiroValidationError: exit 2. */
export function registerMock(program: Command, io: CliIo): void {
  readsGlobals(program.command("mock"), ["rateLimit"])
    .description("serve a mock of every service on 127.0.0.1 until stopped (Ctrl-C), for an app to use")
    .option("--port <port>", `port (default: env HIRO_MOCK_PORT, else ${DEFAULT_PORT}; 0: any free one)`)
    .addHelpText(
      "after",
      `\nExamples:\n  $ hiro-lookup mock\n  $ hiro-lookup mock --port 0   # any free port; the URL is printed\n  $ hiro-lookup mock --rate-limit 5   # the 429 after 5 requests a minute: try the pacer\n  $ hiro-lookup mock --rate-limit 50   # Hiro's own budget without an API key\n  $ HIRO_BASE_URL=http://127.0.0.1:${DEFAULT_PORT} node app.js   # in another terminal`,
    )
    .action(async (options: { port?: string }, command: Command) => {
      if (!io.startMock) throw new HiroValidationError("mock", "the embedded mock is not available here");
      // The name a refusal gives: what set the port, or `--port` when nothing did (the way to move it).
      const source = options.port === undefined && io.env.HIRO_MOCK_PORT ? "HIRO_MOCK_PORT" : "--port";
      const port = mockPort(options.port ?? io.env.HIRO_MOCK_PORT, source, DEFAULT_PORT);
      const rate = command.optsWithGlobals<{ rateLimit?: number }>().rateLimit ?? MOCK_RATE;
      const mock = await io.startMock({ port, portSource: source, ratePerMinute: rate });
      const limit =
        rate === 0
          ? "no rate limit"
          : `a rate limit of ${rate} requests a minute (--rate-limit to change it)`;
      io.stdout.write(
        `Mock of every service of openapi.yaml on ${mock.url}, with ${limit}. Point the client at it:\n` +
          `  createLookupClient({ baseUrl: "${mock.url}" })   or   hiro-lookup --base-url ${mock.url} …\n\n` +
          `${mockHints(mock.url)}\nCtrl-C (or SIGTERM, SIGHUP) stops it.\n`,
      );
      await new Promise<never>(() => {}); // until a signal: the mock stops, then the CLI exits
    });
}
