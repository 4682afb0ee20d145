/**
 * Bench sections 3 and 4: paging 100 000 records at several concurrencies (order checked), and the
 * streaming pager's memory in a child process with a 24 MB old space.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { createLookupClient, paginate } from "./client.js";
import { type BenchServer, gc } from "./harness.js";
import { fmt, json, out, table } from "./report.js";
import { indexOfId, median, PAGE_SIZE, PAGED_ORDINAL, PAGED_TOTAL } from "./shared.js";

// ---------------------------------------------------------------------------------------------------
// 3. paging

export async function pagingSection(server: BenchServer, quick: boolean): Promise<void> {
  const client = createLookupClient({ baseUrl: server.url, maxRetries: 0 });
  const levels = [1, 4, 8];
  const rounds = quick ? 1 : 2;
  const total = quick ? 12_000 : PAGED_TOTAL;
  const times: Record<number, number[]> = { 1: [], 4: [], 8: [] };
  const requests: Record<number, number> = {};
  const problems: string[] = [];
  out(
    `## 3. Paging ${total.toLocaleString("en")} records (limit ${PAGE_SIZE}), 10 ms added server latency per request`,
  );
  out();
  for (let r = 0; r < rounds; r++) {
    for (const concurrency of levels) {
      gc();
      const before = await server.requests();
      const t0 = performance.now();
      let expected = 0;
      for await (const item of paginate(
        client.getSatoshiInscriptions,
        { ordinal: PAGED_ORDINAL },
        { concurrency, maxItems: total },
      )) {
        const index = indexOfId(item.id);
        if (index !== expected) {
          problems.push(`c${concurrency}: got #${index} where #${expected} was due`);
          expected = index;
        }
        expected++;
      }
      (times[concurrency] as number[]).push(performance.now() - t0);
      requests[concurrency] = (await server.requests()) - before;
      if (expected !== total) problems.push(`c${concurrency}: ended at ${expected}, not ${total}`);
    }
  }
  const t1 = median(times[1] as number[]);
  table(
    ["concurrency", "time s (median)", "runs s", "requests", "records/s", "speed-up vs 1", "target"],
    levels.map((c) => {
      const t = median(times[c] as number[]);
      const target = c === 4 ? 3.5 : c === 8 ? 6 : undefined;
      const speedup = t1 / t;
      return [
        String(c),
        fmt(t / 1000),
        (times[c] as number[]).map((x) => fmt(x / 1000)).join(", "),
        String(requests[c]),
        fmt((total / t) * 1000, 0),
        `${fmt(speedup)}×`,
        target === undefined ? "" : `≥ ${target}× ${speedup >= target ? "met" : "**missed**"}`,
      ];
    }),
  );
  out(
    problems.length === 0
      ? `Order check: every run yielded records #0..#${total - 1} in order, no gaps, no duplicates.`
      : `Order check FAILED: ${problems.slice(0, 5).join("; ")}`,
  );
  out();
  json.paging = { total, rounds, times, requests, problems };
}

// ---------------------------------------------------------------------------------------------------
// 4. memory

export async function memorySection(server: BenchServer): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "hiro-bench-"));
  const bundle = join(dir, "memory-child.mjs");
  try {
    await build({
      entryPoints: [fileURLToPath(new URL("./memory-child.ts", import.meta.url))],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: bundle,
      logLevel: "error",
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    });
    const concurrency = 8;
    const child = spawn(
      process.execPath,
      ["--max-old-space-size=24", "--expose-gc", bundle, server.url, String(concurrency)],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    if (code !== 0) throw new Error(`memory child failed (${code}):\n${stderr}`);
    const result = JSON.parse(stdout) as {
      items: number;
      orderProblems: number;
      seconds: number;
      samples: Array<{
        items: number;
        heapUsedMB: number;
        heapTotalMB: number;
        externalMB: number;
        rssMB: number;
      }>;
      refusal: string;
      requestsAfterRefusal: number;
      keptRecords: number;
      bytesPerKeptRecord: number;
    };

    const perRecord = result.bytesPerKeptRecord;

    out(
      `## 4. Memory: streaming ${result.items.toLocaleString("en")} records at concurrency ${concurrency}, child process, \`--max-old-space-size=24 --expose-gc\``,
    );
    out();
    table(
      ["records consumed", "heap used after gc() MB", "heap total MB", "external MB", "RSS MB"],
      result.samples.map((s) => [
        s.items.toLocaleString("en"),
        fmt(s.heapUsedMB),
        fmt(s.heapTotalMB),
        fmt(s.externalMB),
        fmt(s.rssMB, 1),
      ]),
    );
    const heaps = result.samples.slice(1).map((s) => s.heapUsedMB);
    out(
      `Completed in ${fmt(result.seconds)} s inside a 24 MB old space; order problems: ${result.orderProblems}. ` +
        `Heap after the first page ranged ${fmt(Math.min(...heaps))}–${fmt(Math.max(...heaps))} MB (flat). ` +
        `For scale, a bounded \`collect(…, { max: ${result.keptRecords} })\` in the same child kept ${fmt(perRecord / 1024, 2)} kB per record, ` +
        `so all ${PAGED_TOTAL.toLocaleString("en")} would need about ${fmt((perRecord * PAGED_TOTAL) / 1024 / 1024, 0)} MB of heap.`,
    );
    out();
    out(
      `\`collect(paginate(...))\` without \`max\`: ${result.refusal}; requests sent by that call: ${result.requestsAfterRefusal}.`,
    );
    out();
    json.memory = { ...result, concurrency, perRecordBytes: perRecord };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
