/**
 * What a hostile body of 5M empty objects (14.3 MiB, under the 16 MiB byte cap) costs a lookup: time and
 * heap growth until it is refused. Run: `node --expose-gc --import tsx bench/parse-cost.ts`. Compare with
 * the commit before src/shared/json-budget.ts (first src/transport/json-budget.ts) (the body was parsed whole first).
 */
import { createLookupClient } from "../src/index.js";

const body = `{"limit":20,"offset":0,"total":1,"results":[${Array(5_000_000).fill("{}").join(",")}]}`;
const client = createLookupClient({
  baseUrl: "http://127.0.0.1:3999",
  maxRetries: 0,
  fetch: async () => new Response(body, { headers: { "content-type": "application/json" } }),
});
(globalThis as { gc?: () => void }).gc?.();
const before = process.memoryUsage().heapUsed;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
}, 5);
const started = performance.now();
const outcome = await client.getTransactionActivity({ tx_id: "ab".repeat(32) }).then(
  () => "data",
  (error: { kind?: string }) => error.kind ?? String(error),
);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().heapUsed);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
const mib = (body.length / 1_048_576).toFixed(1);
console.log(
  `${outcome}: ${seconds} s, heap peak +${((peak - before) / 1e6).toFixed(0)} MB (body ${mib} MiB)`,
);
