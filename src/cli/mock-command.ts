/**
 * `hiro-lookup mock`: a standing mock of the package's openapi.yaml for app developers, until stopped
 * (Ctrl-C, SIGTERM or SIGHUP). The same rules as `--mock` and `npm start`: any valid id gets the
 * service's answer (src/mock/), and the spec's named examples give data.
 */
import type { Command } from "commander";
import { HiroValidationError } from "../index.js";
import { integer } from "./arguments.js";
import type { CliIo } from "./io.js";

const SAMPLES = [
  "/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1/35   (also ?locale=es; 99: pending; 7: 404)",
  "/ordinals/v1/sats/1953186061218487/inscriptions?limit=2   (two pages; any other sat: total 0)",
  "/runes/v1/transactions/7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c/activity",
];

/** Registers `mock` on `program`. */
export function registerMock(program: Command, io: CliIo): void {
  program
    .command("mock")
    .description("serve a mock of the lookups (Prism, from the package's openapi.yaml) until stopped")
    .option("--port <port>", "port on 127.0.0.1 (env HIRO_MOCK_PORT, default 4010)", integer("--port", 0))
    .action(async (options: { port?: number }) => {
      if (!io.startMock) throw new HiroValidationError("mock", "the embedded mock is not available here");
      const fromEnv = io.env.HIRO_MOCK_PORT;
      const port = options.port ?? (fromEnv ? Number(fromEnv) : 4010);
      if (!Number.isInteger(port) || port < 0 || port > 65_535)
        throw new HiroValidationError(
          "HIRO_MOCK_PORT",
          `must be a port number from 0 to 65535; got ${fromEnv}`,
        );
      const mock = await io.startMock(port);
      io.stdout.write(
        `Mock of the hiro-lookup API on ${mock.url} (Ctrl-C to stop). Point the client at it:\n` +
          `  createLookupClient({ baseUrl: "${mock.url}" })\nTry:\n${SAMPLES.map((s) => `  ${mock.url}${s}`).join("\n")}\n`,
      );
      // Until a signal: main.ts stops the mock and exits.
      await new Promise<never>(() => {});
    });
}
