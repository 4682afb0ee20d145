/**
 * The cost of the gateway's trace (`hiro-lookup:gateway`) on memory hits: nobody subscribed, against a
 * subscriber on every event, in interleaved rounds in one process, through `gateway.answer` (no HTTP);
 * and what the trace costs a request with nobody subscribed: its one check (`gatewayTraced()`), timed
 * alone in a loop, beside a hit's cost.
 * Run: `node --import tsx bench/gateway-trace.ts`.
 */
import { tracingChannel } from "node:diagnostics_channel";
import { createLookupGateway } from "../src/server/index.js";
import { gatewayTraced } from "../src/server/trace.js";

const TOKEN = JSON.stringify({ token_uri: "ipfs://x", metadata: { sip: 16, name: "Bench" } });
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const target = `/metadata/v1/sft/${PRINCIPAL}/35`;
const gateway = createLookupGateway({
  fresh: 3_600_000,
  upstream: {
    baseUrl: "http://127.0.0.1:9",
    fetch: async () => new Response(TOKEN, { headers: { "content-type": "application/json", etag: '"1"' } }),
  },
});
const HITS = 20_000;
async function round(): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < HITS; i++) await gateway.answer({ method: "GET", target });
  return Number(process.hrtime.bigint() - started) / HITS; // ns a hit
}
const channel = tracingChannel("hiro-lookup:gateway");
const nothing = () => undefined;
const subscriber = { start: nothing, end: nothing, asyncStart: nothing, asyncEnd: nothing, error: nothing };
await gateway.answer({ method: "GET", target }); // the miss: every round after is hits
const off: number[] = [];
const on: number[] = [];
for (let r = 0; r < 7; r++) {
  off.push(await round());
  channel.subscribe(subscriber);
  on.push(await round());
  channel.unsubscribe(subscriber);
}
/** ns a call of the trace's check with nobody subscribed (what a request pays for the trace then). */
function checkCost(): number {
  const calls = 10_000_000;
  let traced = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) if (gatewayTraced()) traced++;
  const ns = Number(process.hrtime.bigint() - started) / calls;
  if (traced !== 0) throw new Error("someone subscribed during the check's rounds");
  return ns;
}
const checks = Array.from({ length: 7 }, checkCost);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
console.log(`memory hit, no subscriber:  median ${median(off).toFixed(0)} ns (rounds ${spread(off)})`);
console.log(`memory hit, subscribed:     median ${median(on).toFixed(0)} ns (rounds ${spread(on)})`);
console.log(`ratio subscribed / none: ${(median(on) / median(off)).toFixed(2)}×`);
console.log(
  `nobody subscribed, the trace's one check: median ${median(checks).toFixed(2)} ns a request (rounds ${Math.min(...checks).toFixed(2)}–${Math.max(...checks).toFixed(2)}), ${((median(checks) / median(off)) * 100).toFixed(2)}% of a memory hit`,
);
