/**
 * The pacer's own cost per request (issue 17: "pacer state mutable per origin, about 1 µs"): one
 * `wait` on the fast path and its settle, on an open gate, for answers without and with rate-limit
 * headers. Prints the median and range of 7 rounds of 200 000 requests (the loop's `Date.now()` for the
 * deadline included). Run: `npx tsx bench/pacer-bookkeeping.ts`.
 */
import { createPacer } from "../src/transport/pacer/pacer.js";
import { PRINCIPAL } from "./shared.js";

const url = new URL(`http://a.test/metadata/v1/sft/${PRINCIPAL}/1`);
const signal = new AbortController().signal;
const plain = new Response(null, { status: 200 });
// A budget so large that the spread between requests stays below the loop's own time: never queued.
const withHeaders = new Response(null, {
  status: 200,
  headers: { "ratelimit-remaining": "1000000000000000", "ratelimit-reset": "3600" },
});
for (const [name, answer] of [
  ["no headers", plain],
  ["ratelimit headers", withHeaders],
] as const) {
  const results: number[] = [];
  for (let round = 0; round < 7; round++) {
    const pacer = createPacer();
    const first = pacer.wait(url, signal);
    if (typeof first === "function") first(answer);
    const N = 200_000;
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const settle = pacer.wait(url, signal, Date.now() + 120_000);
      if (typeof settle !== "function") throw new Error("queued");
      settle(answer);
    }
    results.push(((performance.now() - t0) * 1000) / N);
  }
  results.sort((a, b) => a - b);
  const at = (i: number) => (results[i] ?? Number.NaN).toFixed(3);
  console.log(`${name}: median ${at(3)} µs per wait+settle (range ${at(0)}–${at(6)})`);
}
