/**
 * `npm run mock`: serves openapi.yaml with Prism on 127.0.0.1 (port: env HIRO_MOCK_PORT, else 4010;
 * a taken port is an error, never another port) until SIGINT/SIGTERM/SIGHUP. It serves a snapshot of
 * the last good spec: an edit of openapi.yaml is linted first, and a broken one (YAML or lint error)
 * leaves the mock serving the previous version. It answers about the question asked (src/mock/): any
 * valid id gets what the service would answer. (`--dynamic` is gone: Prism's invented bodies are about
 * no id, so the client refused them; `Prefer: dynamic=true` still asks Prism for one, for the schema.)
 */
import { mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { onStop, portFromEnv } from "./lib/lifecycle.js";
import { type LiveMock, startLiveMock } from "./lib/live-mock.js";
import { lintSpec, SPEC } from "./lib/spec-pipeline.js";

parseArgs({ options: {}, strict: true });

const started = Date.now();
const workDir = mkdtempSync(join(tmpdir(), "hiro-lookup-mock-"));
const snapshot = join(workDir, "openapi.yaml");
const candidate = join(workDir, "candidate.yaml");
writeFileSync(snapshot, readFileSync(SPEC, "utf8"));
let mock: LiveMock | undefined;
let running: Promise<void> = Promise.resolve();
const stop = onStop(async (reason) => {
  if (mock !== undefined) process.stderr.write(`\n${reason}: stopping Prism…\n`);
  await running;
  await mock?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

try {
  mock = await startLiveMock({
    port: portFromEnv("HIRO_MOCK_PORT", 4010),
    snapshot,
    log: (line) => process.stderr.write(`${line}\n`),
  });
} catch (error) {
  process.stderr.write(`npm run mock failed: ${error instanceof Error ? error.message : String(error)}\n`);
  stop(1, "error");
}
if (mock !== undefined) {
  const live = mock;
  live.onCrash((code) => {
    process.stderr.write(`Prism exited unexpectedly (code ${code}).\n`);
    stop(1, "the mock died");
  });
  const { url } = live;
  const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
  const sat = "1252201400444387";
  const txId = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";

  process.stdout.write(
    `Prism mock of openapi.yaml listening on ${url} ` +
      `(ready in ${Date.now() - started} ms). Ctrl-C to stop; edits of openapi.yaml are served once they lint.

Try:
  curl -s ${url}/metadata/v1/sft/${principal}/35
  curl -s '${url}/metadata/v1/sft/${principal}/35?locale=es'     # withLocale
  curl -s ${url}/metadata/v1/sft/${principal}/99                 # 422: still being fetched
  curl -s ${url}/metadata/v1/sft/${principal}/7                  # 404 Token not found
  curl -s '${url}/ordinals/v1/sats/${sat}/inscriptions?limit=2'
  curl -s '${url}/ordinals/v1/sats/1953186061218487/inscriptions?limit=2&offset=2'   # page 2 of 2
  curl -s '${url}/ordinals/v1/sats/5000000000/inscriptions'      # any other sat: total 0
  curl -si '${url}/ordinals/v1/sats/${sat}/inscriptions?limit=61'     # 400 + sl-violations header
  curl -s ${url}/runes/v1/transactions/${txId}/activity
  curl -s -H 'Prefer: example=emptyPage' ${url}/runes/v1/transactions/${txId}/activity
  curl -s ${url}/runes/v1/transactions/7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c/activity
`,
  );

  const reload = async () => {
    const since = performance.now();
    const spec = readFileSync(SPEC, "utf8");
    writeFileSync(candidate, spec);
    const lint = await lintSpec(candidate);
    if (!lint.ok) {
      const output = lint.output.replaceAll(/\S*candidate\.yaml/g, "openapi.yaml");
      process.stderr.write(
        `openapi.yaml changed: lint failed, still serving the last good version\n${output}\n`,
      );
      return;
    }
    try {
      if (await live.update(spec))
        process.stderr.write(
          `openapi.yaml changed: mock reloaded (${Math.round(performance.now() - since)} ms)\n`,
        );
    } catch (error) {
      process.stderr.write(`openapi.yaml changed: reload failed: ${String(error)}\n`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  // Watch the folder, not the file: editors often replace the file, which ends a file watch.
  watch(dirname(SPEC), (_, file) => {
    if (file !== "openapi.yaml") return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(reload);
    }, 100);
  }).unref();
}
