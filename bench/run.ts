/**
 * `npm run bench`: speed and memory of the client against a local node:http server in its own process.
 *
 *   1. per-request latency and CPU, issue 11's budget: our client vs bare openapi-fetch given a per-call
 *      timeout signal (≤ 1.05×), and for comparison bare openapi-fetch without a signal and raw fetch +
 *      res.json(); sequential and at concurrency 16, for a ~1 kB token and a ~65 kB 60-record page
 *   2. where the extra cost goes: a ladder from raw fetch to our client, one step at a time, plus a
 *      prototype without openapi-fetch on the request path, and the pieces in tight loops
 *   3. paging 100 000 records with 10 ms server latency: paginate() at concurrency 1, 4, 8
 *   4. memory of the streaming pager in a child process under --max-old-space-size=24
 *   5. the Prism mock: time to ready, latency against the plain server
 *   pacer (only with --only pacer): 0 429s and wall time ÷ ideal against a server enforcing an announced limit
 *   search (only with --only search): 200 tokens as searchTokens vs 200 getSftMetadata under a limit
 *   observe (only with --only observe): logging and tracing off and on, side by side
 *   gateway (only with --only gateway): `serve`'s hits (memory, Redis) beside a Map floor, a Redis GET server and
 *      nginx proxy_cache (wrk), its miss overhead over a bare proxy, upstream requests per 1,000 over 50 tokens
 *
 * Contestants are run in interleaved rounds (A, B, C, D, then B, C, D, A, …) and summarized by medians. Tables go
 * to stdout and to bench/results/latest.{md,json}; bench/RESULTS.md is the curated write-up.
 *
 * Options: --quick (few rounds, for a smoke run); --only latency,overhead,paging,memory,prism,pacer,search,observe,gateway
 * (a subset; the default is all but pacer, search, observe and gateway).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gatewaySection } from "./gateway.js";
import { startServer } from "./harness.js";
import { latencySection, overheadSection } from "./latency.js";
import { observeSection } from "./observe.js";
import { pacerSection } from "./pacer.js";
import { memorySection, pagingSection } from "./paging.js";
import { prismSection } from "./prism-mock.js";
import { fmt, json, lines, out } from "./report.js";
import { searchSection } from "./search.js";

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string", default: "latency,overhead,paging,memory,prism" },
  },
});
const QUICK = flags.quick;
const ONLY = new Set(flags.only.split(","));
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

// ---------------------------------------------------------------------------------------------------
// machine

/** A short hash of every file under src/, so a result can be matched to the code it measured. */
function srcFingerprint(): string {
  const root = here("../src/");
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.(ts|js)$/.test(f))
    .sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(readFileSync(join(root, file)));
  return `${hash.digest("hex").slice(0, 12)} (${files.length} files)`;
}

function machine(): Record<string, string> {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const model = /^model name\s*:\s*(.*)$/m.exec(cpuinfo)?.[1] ?? "unknown";
  const sh = (cmd: string, args: string[]): string => {
    try {
      return execFileSync(cmd, args, { encoding: "utf8" }).trim();
    } catch {
      return "unavailable";
    }
  };
  return {
    date: new Date().toISOString(),
    node: process.version,
    nproc: sh("nproc", []),
    cpu: model,
    memory: sh("free", ["-h"]),
    loadavg: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
    gcExposed: String(typeof (globalThis as { gc?: unknown }).gc === "function"),
    src: srcFingerprint(),
  };
}
// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  const info = machine();
  json.machine = info;
  out("# hiro-lookup bench");
  out();
  out(`- date: ${info.date}`);
  out(`- node: ${info.node}; nproc: ${info.nproc}; CPU: ${info.cpu}`);
  out(
    `- load average at start: ${info.loadavg}; gc exposed: ${info.gcExposed}; src/ fingerprint: ${info.src}`,
  );
  out("- memory (`free -h`):");
  out();
  out("```");
  out(info.memory);
  out("```");
  out();
  const server = await startServer(10);
  try {
    const sections: Array<[string, () => Promise<void>]> = [
      ["latency", () => latencySection(server.url, QUICK)],
      ["overhead", () => overheadSection(server.url, QUICK)],
      ["paging", () => pagingSection(server, QUICK)],
      ["memory", () => memorySection(server)],
      ["prism", () => prismSection(server, QUICK)],
      ["pacer", () => pacerSection(QUICK)],
      ["search", () => searchSection(QUICK)],
      ["observe", () => observeSection(server.url, QUICK)],
      ["gateway", () => gatewaySection(QUICK)],
    ];
    const loads: Record<string, string> = {};
    for (const [name, run] of sections) {
      if (!ONLY.has(name)) continue;
      const t0 = performance.now();
      await run();
      loads[name] =
        `${fmt((performance.now() - t0) / 1000, 1)} s, 1-min load average after: ${fmt(loadavg()[0] ?? 0)}`;
      out(`_(${name}: ${loads[name]})_`);
      out();
    }
    json.sections = loads;
  } finally {
    await server.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  out(
    `Load average at end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}. Whole bench: ${fmt(seconds, 1)} s.`,
  );
  json.seconds = seconds;
  const dir = here("./results/");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.md"), `${lines.join("\n")}\n`);
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nwrote bench/results/latest.md and latest.json`);
}

await main();
