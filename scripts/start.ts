/**
 * The dev script. `npm start`: regenerates the types if the spec changed, builds the docs, serves them
 * (127.0.0.1:4011, HIRO_DOCS_PORT) and the mock of openapi.yaml (127.0.0.1:4010, HIRO_MOCK_PORT), shows
 * one real lookup through the client against the mock, then watches openapi.yaml until stopped.
 * `npm run mock` (`--mock`): the mock alone, with the same watch. The mock is the package's (Prism
 * behind a front that answers by the spec's examples, the same as `hiro-lookup mock`) serving a snapshot
 * of the last good spec: an edit is linted first (see lib/watch-spec.ts). `--once` stops after the
 * lookup (tests). SIGINT, SIGTERM, SIGHUP, or the death of the process that started it, stop everything.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLookupClient } from "../src/index.js";
import { mockHints } from "../src/mock-server/index.js";
import { buildDocs } from "./lib/docs-site.js";
import { onStop, portFromEnv } from "./lib/lifecycle.js";
import { type LiveMock, startLiveMock } from "./lib/live-mock.js";
import { generatedIsStale, ROOT, regenerate, SPEC } from "./lib/spec-pipeline.js";
import { type StaticServer, startStaticServer } from "./lib/static-server.js";
import { log, step, watchSpec } from "./lib/watch-spec.js";

const { values: flags } = parseArgs({
  options: { once: { type: "boolean", default: false }, mock: { type: "boolean", default: false } },
  strict: false, // a gone flag (--dynamic) gets its own message below, not a stack trace
});
if (flags.dynamic !== undefined || flags.seed !== undefined) {
  process.stderr.write(
    "--dynamic and --seed are gone: Prism's generated bodies were about no id asked, and the client " +
      "refused them. The mock now answers any valid id by the spec's examples (see the guide's \"The mock\").\n",
  );
  process.exit(2);
}
const mockOnly = flags.mock === true;
const name = mockOnly ? "npm run mock" : "npm start";

/** One lookup of each kind through the real client, printed in a few lines. */
async function showLookups(baseUrl: string): Promise<void> {
  const client = createLookupClient({ baseUrl, maxRetries: 0 });
  const sat = 1252201400444387n;
  const page = await client.getSatoshiInscriptions({ ordinal: sat, limit: 2 });
  log(`  client.getSatoshiInscriptions({ ordinal: ${sat}n, limit: 2 }) → total ${page.total}`);
  for (const i of page.results)
    log(`    #${i.number}  ${i.id}  ${i.content_type}  ${new Date(i.timestamp).toISOString()}`);
  const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
  const token = await client.getSftMetadata({ principal, token_id: 35 });
  log(`  client.getSftMetadata({ principal: "${principal}", token_id: 35 })`);
  log(
    `    → ${JSON.stringify(token.metadata?.name)}, total_supply ${token.total_supply}, decimals ${token.decimals}`,
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  // Prism serves a snapshot of the last good spec (it reloads a changed file by itself and would die
  // on a broken one); the snapshot is refreshed only after lint passes.
  const workDir = mkdtempSync(join(tmpdir(), "hiro-lookup-start-"));
  const snapshot = join(workDir, "openapi.yaml");
  writeFileSync(snapshot, readFileSync(SPEC, "utf8"));
  let watcher: { close(): Promise<void> } | undefined;
  let mock: LiveMock | undefined;
  let site: StaticServer | undefined;
  const stop = onStop(async (reason) => {
    if (!flags.once && mock !== undefined)
      log(`\n${reason}: stopping the mock${mockOnly ? "" : " and the docs server"}…`);
    await watcher?.close();
    await Promise.allSettled([mock?.stop(), site?.close()]);
    rmSync(workDir, { recursive: true, force: true });
  });

  try {
    // The fixed ports first, so a taken one fails before any work.
    if (!mockOnly) site = await startStaticServer(join(ROOT, "docs"), portFromEnv("HIRO_DOCS_PORT", 4011));
    const mockPort = portFromEnv("HIRO_MOCK_PORT", 4010);
    const startMock = async () => {
      mock = await startLiveMock({
        port: mockPort,
        snapshot,
        log: (line) => process.stderr.write(`prism: ${line}\n`),
      });
      mock.onCrash((code) => {
        process.stderr.write(`Prism exited unexpectedly (code ${code}).\n`);
        stop(1, "the mock died");
      });
      return mock;
    };
    if (mockOnly) await startMock();
    else {
      const mockStarted = startMock();
      mockStarted.catch(() => {}); // awaited by its step below; this only keeps an early failure handled
      await Promise.all([
        step(
          "types",
          async () => {
            const stale = await generatedIsStale();
            if (stale) await regenerate();
            return stale;
          },
          (stale) =>
            stale ? "openapi.yaml changed since the last generate: src/generated regenerated" : "up to date",
        ),
        // The page's Servers box names the mock where it runs (HIRO_MOCK_PORT; port 0 is known once it listens).
        step(
          "docs",
          async () => {
            const mockUrl = mockPort === 0 ? (await mockStarted).url : `http://127.0.0.1:${mockPort}`;
            return buildDocs({ mockUrl });
          },
          (docs) => `${(docs.bytes / 1024).toFixed(0)} KiB`,
        ),
        step(
          "mock",
          () => mockStarted,
          () => "Prism behind the front",
        ),
      ]);
    }
    if (mock === undefined) throw new Error("unreachable: the mock did not start");
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    if (mockOnly) {
      log(
        `Mock of openapi.yaml listening on ${mock.url} (ready in ${seconds(performance.now() - started)}).`,
      );
      log(mockHints(mock.url, false));
    } else {
      log(`\nhiro-lookup is up (${seconds(performance.now() - started)})`);
      log(`  API docs   ${site?.url}/`);
      log(`  Guide      ${site?.url}/guide.html`);
      log(`  Mock API   ${mock.url}   (Prism behind a front that answers any valid id)`);
      log(`  Try        curl -s '${mock.url}/ordinals/v1/sats/1252201400444387/inscriptions?limit=2'`);
      log("\nA real lookup through the client, against the mock:");
      await showLookups(mock.url);
      if (flags.once) return stop(0, "--once");
    }
    watcher = watchSpec(mock, join(workDir, "candidate.yaml"), !mockOnly);
    log("\nWatching openapi.yaml for changes. Ctrl-C (or SIGTERM/SIGHUP) stops everything.");
  } catch (error) {
    process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    stop(1, "error");
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
