/**
 * `npm start`: regenerates the types if the spec changed, builds the docs, serves them
 * (127.0.0.1:4011, HIRO_DOCS_PORT) and a Prism mock of openapi.yaml (127.0.0.1:4010, HIRO_MOCK_PORT),
 * shows one real lookup through the client against the mock, then watches openapi.yaml until
 * stopped. An edit is linted, then types, docs and mock are updated side by side in this process,
 * with one line per step and the "edit → ready" total. `--once` stops after the lookup (tests).
 */
import { type FSWatcher, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createLookupClient } from "../src/index.js";
import { buildDocs, DOCS_FILE } from "./build-docs.js";
import { generatedFiles } from "./generate.js";
import { onStop, portFromEnv } from "./lib/lifecycle.js";
import { type LiveMock, startLiveMock } from "./lib/live-mock.js";
import { generatedIsStale, lintSpec, ROOT, regenerate, SPEC, typesSource } from "./lib/spec-pipeline.js";
import { type StaticServer, startStaticServer } from "./lib/static-server.js";

const once = process.argv.includes("--once");
const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (since: number) => Math.round(performance.now() - since);

/** Runs one step and prints `  <name>  <ms> ms  <note>` when it ends (steps run side by side). */
async function step<T>(name: string, work: () => Promise<T>, note: (result: T) => string = () => "") {
  const since = performance.now();
  const result = await work();
  log(`  ${name.padEnd(5)} ${String(ms(since)).padStart(5)} ms  ${note(result)}`.trimEnd());
  return result;
}

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
  const candidate = join(workDir, "candidate.yaml");
  writeFileSync(snapshot, readFileSync(SPEC, "utf8"));
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let mock: LiveMock | undefined;
  let site: StaticServer | undefined;
  let running: Promise<void> = Promise.resolve();
  const cleanup = async () => {
    clearTimeout(timer);
    watcher?.close();
    await running;
    await Promise.allSettled([mock?.stop(), site?.close()]);
    rmSync(workDir, { recursive: true, force: true });
  };
  const stop = onStop(async (reason) => {
    if (!once) log(`\n${reason}: stopping the mock and the docs server…`);
    await cleanup();
  });

  try {
    await serve();
  } catch (error) {
    process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
    stop(1, "error");
  }

  async function serve(): Promise<void> {
    // The fixed ports first, so a taken one fails before any work.
    site = await startStaticServer(join(ROOT, "docs"), portFromEnv("HIRO_DOCS_PORT", 4011));
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
      step("docs", buildDocs, (docs) => `${(docs.bytes / 1024).toFixed(0)} KiB`),
      step(
        "mock",
        async () => {
          mock = await startLiveMock({
            port: portFromEnv("HIRO_MOCK_PORT", 4010),
            snapshot,
            log: (line) => process.stderr.write(`prism: ${line}\n`),
          });
          mock.onCrash((code) => {
            process.stderr.write(`Prism exited unexpectedly (code ${code}).\n`);
            stop(1, "the mock died");
          });
          return mock;
        },
        () => "Prism",
      ),
    ]);
    if (mock === undefined) throw new Error("unreachable: the mock did not start");
    log(`\nhiro-lookup is up (${(ms(started) / 1000).toFixed(1)} s)`);
    log(`  API docs   ${site.url}/`);
    log(`  Mock API   ${mock.url}   (Prism, serving openapi.yaml)`);
    log(`  Try        curl -s '${mock.url}/ordinals/v1/sats/1252201400444387/inscriptions?limit=2'`);
    log("\nA real lookup through the client, against the mock:");
    await showLookups(mock.url);
    if (once) return stop(0, "--once");

    const live = mock;
    let editAt = 0;
    const rebuild = async () => {
      const since = editAt;
      const spec = readFileSync(SPEC, "utf8");
      writeFileSync(candidate, spec);
      log("openapi.yaml changed:");
      // Lint gates types and mock. The docs build (a Redocly CLI process, the longest step) starts
      // at once, beside lint; on a lint error the last good page is put back.
      const goodDocs = await readFile(DOCS_FILE).catch(() => undefined);
      const docs = step("docs", buildDocs, (docs) => `docs/index.html (Redocly build ${docs.ms} ms)`);
      docs.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
      try {
        const [lint, generated] = await Promise.all([
          step(
            "lint",
            () => lintSpec(candidate),
            (lint) => (lint.ok ? "ok" : "failed"),
          ),
          // Computed while lint runs, written only if it passes.
          (async () => {
            const started = performance.now();
            const files = new Map([["src/generated/api.d.ts", await typesSource(candidate)]]);
            for (const [file, content] of generatedFiles(candidate)) files.set(file, content);
            return { files, ms: ms(started) };
          })().catch((error: unknown) => error as Error),
        ]);
        if (!lint.ok) {
          await docs.catch(() => {});
          if (goodDocs !== undefined) await writeFile(DOCS_FILE, goodDocs);
          const output = lint.output.replaceAll(/\S*candidate\.yaml/g, "openapi.yaml");
          log(`lint failed, still serving the last good version (docs page put back)\n${output}`);
          return;
        }
        if (generated instanceof Error) throw generated;
        for (const [file, content] of generated.files) writeFileSync(join(ROOT, file), content);
        log(
          `  ${"types".padEnd(5)} ${String(generated.ms).padStart(5)} ms  src/generated (made while lint ran)`,
        );
        await Promise.all([
          docs,
          step(
            "mock",
            () => live.update(spec),
            (changed) => (changed ? "Prism reloaded the snapshot" : "unchanged"),
          ),
        ]);
        log(`edit → ready: ${ms(since)} ms (types, docs and mock updated)`);
      } catch (error) {
        log(`rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    // Watch the folder, not the file: editors often replace the file, which ends a file watch.
    watcher = watch(dirname(SPEC), (_, file) => {
      if (file !== "openapi.yaml") return;
      if (timer === undefined) editAt = performance.now();
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        running = running.then(rebuild);
      }, 100);
    });
    log("\nWatching openapi.yaml for changes. Ctrl-C (or SIGTERM/SIGHUP) stops everything.");
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
