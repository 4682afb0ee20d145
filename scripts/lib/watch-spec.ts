/**
 * The reload loop of the dev script (`npm start`, `npm run mock`): watches openapi.yaml, and on each
 * change lints a copy of it; only a spec that lints reaches the generated types, the docs (with `npm
 * start`) and the mock, updated side by side with one line per step and the "edit → ready" total, which
 * ends with a word on any breaking change since the last release (scripts/lib/release-gate.ts). A lint
 * or YAML error leaves everything serving the last good version.
 */
import { type FSWatcher, readFileSync, watch, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { buildDocs, DOCS_FILE } from "./docs-site.js";
import { generatedFiles } from "./generated-files.js";
import type { LiveMock } from "./live-mock.js";
import { breakingNote } from "./release-gate.js";
import { lintSpec, ROOT, SPEC, typesSource } from "./spec-pipeline.js";

export const log = (line: string): void => void process.stdout.write(`${line}\n`);
const ms = (since: number) => Math.round(performance.now() - since);

/** Runs one step and prints `  <name>  <ms> ms  <note>` when it ends (steps run side by side). */
export async function step<T>(name: string, work: () => Promise<T>, note: (result: T) => string = () => "") {
  const since = performance.now();
  const result = await work();
  log(`  ${name.padEnd(5)} ${String(ms(since)).padStart(5)} ms  ${note(result)}`.trimEnd());
  return result;
}

/** The src/generated files of a spec file, computed (not written), with the time it took. */
async function generate(specPath: string) {
  const started = performance.now();
  const files = new Map([["src/generated/api.d.ts", await typesSource(specPath)]]);
  for (const [file, content] of generatedFiles(specPath)) files.set(file, content);
  return { files, ms: ms(started) };
}

/** One rebuild after an edit made at `editAt`; `full`: types and docs too, not the mock alone. */
async function rebuild(mock: LiveMock, candidate: string, full: boolean, editAt: number): Promise<void> {
  const spec = readFileSync(SPEC, "utf8");
  writeFileSync(candidate, spec);
  log("openapi.yaml changed:");
  // The docs build (the longest step) starts at once, beside lint; on a lint error the last good page is put back.
  const goodDocs = full ? await readFile(DOCS_FILE).catch(() => undefined) : undefined;
  const docs = full
    ? step(
        "docs",
        () => buildDocs({ mockUrl: mock.url }),
        (d) => `docs/index.html (Redocly build ${d.ms} ms)`,
      )
    : undefined;
  docs?.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  try {
    const [lint, generated] = await Promise.all([
      step(
        "lint",
        () => lintSpec(candidate),
        (lint) => (lint.ok ? "ok" : "failed"),
      ),
      // Computed while lint runs, written only if it passes.
      full ? generate(candidate).catch((error: unknown) => error as Error) : undefined,
    ]);
    if (!lint.ok) {
      await docs?.catch(() => {});
      if (goodDocs !== undefined) await writeFile(DOCS_FILE, goodDocs);
      const output = lint.output.replaceAll(/\S*candidate\.yaml/g, "openapi.yaml");
      const putBack = full ? " (docs page put back)" : "";
      return log(`lint failed, still serving the last good version${putBack}\n${output}`);
    }
    if (generated instanceof Error) throw generated;
    if (generated) {
      for (const [file, content] of generated.files) writeFileSync(join(ROOT, file), content);
      log(
        `  ${"types".padEnd(5)} ${String(generated.ms).padStart(5)} ms  src/generated (made while lint ran)`,
      );
    }
    const reload = step(
      "mock",
      () => mock.update(spec),
      (changed) =>
        changed ? "mock reloaded (Prism serves the new snapshot, with its examples' rules)" : "unchanged",
    );
    // The breaking-change word is computed beside the reload; a failure there never holds the edit back.
    const breaking = breakingNote(spec, ROOT).catch(
      (error: unknown) =>
        `breaking-change check failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    const [note] = await Promise.all([breaking, docs, reload]);
    log(
      `edit → ready: ${ms(editAt)} ms (${full ? "types, docs and mock" : "mock"} updated)${note ? ` · ${note}` : ""}`,
    );
  } catch (error) {
    log(`rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Watches openapi.yaml until `close()`; each burst of changes runs one rebuild, one at a time. */
export function watchSpec(mock: LiveMock, candidate: string, full: boolean) {
  let timer: NodeJS.Timeout | undefined;
  let editAt = 0;
  let running: Promise<void> = Promise.resolve();
  // Watch the folder, not the file: editors often replace the file, which ends a file watch.
  const watcher: FSWatcher = watch(dirname(SPEC), (_, file) => {
    if (file !== "openapi.yaml") return;
    if (timer === undefined) editAt = performance.now();
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const since = editAt;
      running = running.then(() => rebuild(mock, candidate, full, since));
    }, 100);
  });
  return {
    /** Stops watching; resolves once a rebuild under way has ended. */
    close: async () => {
      clearTimeout(timer);
      watcher.close();
      await running;
    },
  };
}
