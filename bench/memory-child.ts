/**
 * Streams all PAGED_TOTAL records through `paginate` and reports the heap after a full GC at several
 * points, one JSON line on stdout. bench/run.ts bundles this file with esbuild and runs the bundle with
 * plain `node --max-old-space-size=24 --expose-gc`, so the small heap holds the pager and not a TS loader.
 * Then measures what records cost when kept (a bounded `collect`), and shows that
 * `collect(paginate(...))` without `max` is refused before any request is sent.
 *
 * Usage: node --expose-gc memory-child.mjs <baseUrl> <concurrency>
 */
// Bundled by esbuild (bench/paging.ts) before it runs, so no TypeScript loader is involved here.
import { collect, createLookupClient, HiroValidationError, paginate } from "../src/index.js";
import { indexOfId, PAGED_ORDINAL, PAGED_TOTAL } from "./shared.js";

const [baseUrl = "", concurrencyArg = "8"] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

const MB = 1024 * 1024;
interface Sample {
  items: number;
  heapUsedMB: number;
  heapTotalMB: number;
  externalMB: number;
  rssMB: number;
}
const samples: Sample[] = [];
function sample(items: number): void {
  gc?.();
  const { heapUsed, heapTotal, external, rss } = process.memoryUsage();
  samples.push({
    items,
    heapUsedMB: heapUsed / MB,
    heapTotalMB: heapTotal / MB,
    externalMB: external / MB,
    rssMB: rss / MB,
  });
}
const requestsSoFar = async (): Promise<number> =>
  ((await (await fetch(`${baseUrl}/__stats`)).json()) as { requests: number }).requests;

const client = createLookupClient({ baseUrl, maxRetries: 0 });
const checkpoints = new Set([1, 10_000, 25_000, 50_000, 75_000, PAGED_TOTAL]);
sample(0);
const started = performance.now();
let expected = 0;
let problems = 0;
for await (const item of paginate(
  client.getSatoshiInscriptions,
  { ordinal: PAGED_ORDINAL },
  { concurrency },
)) {
  if (indexOfId(item.id) !== expected) problems++;
  expected++;
  if (checkpoints.has(expected)) sample(expected);
}
const seconds = (performance.now() - started) / 1000;

// For scale: the heap that records kept in memory take, from a bounded collect().
const KEEP = 6_000;
gc();
const heapBefore = process.memoryUsage().heapUsed;
const kept = await collect(
  paginate(client.getSatoshiInscriptions, { ordinal: PAGED_ORDINAL }, { concurrency }),
  { max: KEEP },
);
gc();
const bytesPerKeptRecord = (process.memoryUsage().heapUsed - heapBefore) / kept.length;
kept.length = 0;

// Loading everything is refused: collect() needs `max`, and fails before the generator starts.
const before = await requestsSoFar();
let refusal = "not refused";
try {
  // @ts-expect-error -- `max` is required by the types too; this is the untyped (JS) call.
  await collect(paginate(client.getSatoshiInscriptions, { ordinal: PAGED_ORDINAL }));
} catch (error) {
  refusal =
    error instanceof HiroValidationError
      ? `${error.name}: ${error.message}`
      : `other error: ${String(error)}`;
}
const requestsAfterRefusal = (await requestsSoFar()) - before;

process.stdout.write(
  `${JSON.stringify({
    concurrency,
    items: expected,
    orderProblems: problems,
    seconds,
    samples,
    refusal,
    requestsAfterRefusal,
    keptRecords: KEEP,
    bytesPerKeptRecord,
    maxOldSpaceMB: Number(process.execArgv.find((a) => a.startsWith("--max-old-space-size="))?.split("=")[1]),
  })}\n`,
);
