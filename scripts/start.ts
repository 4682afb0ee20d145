/**
 * `npm start`: regenerates the types if the spec changed, builds the docs, serves them and a Prism mock
 * of openapi.yaml on 127.0.0.1, shows one real lookup through the client against the mock, then
 * watches openapi.yaml until Ctrl-C. `--once` stops after the lookup (used by the tests).
 */
import { copyFileSync, type FSWatcher, mkdtempSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createLookupClient } from "../src/index.js";
import { buildDocs } from "./build-docs.js";
import { bindablePort, type RunningPrism, startPrism } from "./lib/prism.js";
import { generatedIsStale, lintSpec, regenerate, SPEC } from "./lib/spec-pipeline.js";
import { type StaticServer, startStaticServer } from "./lib/static-server.js";

const once = process.argv.includes("--once");
const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The mock's port: HIRO_MOCK_PORT, else 4010, else any free port when 4010 is taken. */
async function mockPort(): Promise<number> {
  const wanted = Number(process.env.HIRO_MOCK_PORT || 4010);
  return bindablePort("127.0.0.1", wanted).catch(() => bindablePort("127.0.0.1", 0));
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
  if (await generatedIsStale()) {
    await regenerate();
    log("openapi.yaml changed since the last generate: src/generated regenerated");
  }
  const docs = await buildDocs();
  // Prism reloads the file it serves when it changes, and dies on a broken one: serve a snapshot of
  // the last good spec instead, refreshed only after lint passes.
  const snapshotDir = mkdtempSync(join(tmpdir(), "hiro-lookup-mock-"));
  const snapshot = join(snapshotDir, "openapi.yaml");
  copyFileSync(SPEC, snapshot);
  let prism: RunningPrism = await startPrism({ port: await mockPort(), specPath: snapshot });
  const site: StaticServer = await startStaticServer(dirname(docs.file));
  log(`\nhiro-lookup is up (${seconds(started)})`);
  log(`  API docs   ${site.url}/`);
  log(`  Mock API   ${prism.url}   (Prism, serving openapi.yaml)`);
  log(`  Try        curl -s '${prism.url}/ordinals/v1/sats/1252201400444387/inscriptions?limit=2'`);
  log("\nA real lookup through the client, against the mock:");
  await showLookups(prism.url);

  let watcher: FSWatcher | undefined;
  const stop = async () => {
    watcher?.close();
    await Promise.allSettled([prism.stop(), site.close()]);
    rmSync(snapshotDir, { recursive: true, force: true });
  };
  if (once) return stop();

  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const rebuild = async () => {
    const since = performance.now();
    const lint = await lintSpec();
    if (!lint.ok) {
      log(`openapi.yaml changed: lint failed, still serving the last good version\n${lint.output}`);
      return;
    }
    try {
      await regenerate();
      await buildDocs();
      const port = prism.port;
      await prism.stop();
      copyFileSync(SPEC, snapshot);
      prism = await startPrism({ port, specPath: snapshot });
      log(
        `openapi.yaml changed: lint ok, types regenerated, docs rebuilt, mock restarted (${seconds(since)})`,
      );
    } catch (error) {
      log(`openapi.yaml changed: rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // Watch the folder, not the file: editors often replace the file, which ends a file watch.
  watcher = watch(dirname(SPEC), (_, file) => {
    if (file !== "openapi.yaml") return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(rebuild);
    }, 200);
  });
  log("\nWatching openapi.yaml for changes. Ctrl-C stops everything.");
  const shutdown = () => {
    clearTimeout(timer);
    void running.then(stop).then(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
