/**
 * Bench section `observe` (only with `--only observe`): what logging and tracing cost per request, side
 * by side in interleaved rounds against the same local server. Contestants: the client as shipped
 * (logging off, nobody subscribed to the `hiro-lookup:lookup` TracingChannel), the same with a
 * subscriber on every event of the channel (tracing on), and with `logLevel: "info"` to a logger that
 * drops each record (logging on); and the budget's baseline (bare openapi-fetch with a per-call timeout
 * signal). The channel is process-wide: each contestant subscribes or unsubscribes at its first call of a
 * round (one comparison per call, paid by all three alike), so "off" is measured with nobody subscribed.
 */
import { tracingChannel } from "node:diagnostics_channel";
import createClient from "openapi-fetch";
import type { paths } from "../src/spec/types.js";
import { createLookupClient } from "./client.js";
import { type Call, interleaved, pairedRatio, type Summary, withTimeout } from "./harness.js";
import { fmt, json, out, table } from "./report.js";
import { PRINCIPAL, TOKEN_ID } from "./shared.js";

const OFF = "ours, logging off, tracing off (nobody subscribed)";
const TRACED = "ours, tracing on (a subscriber on every event)";
const LOGGED = 'ours, logLevel "info" to a logger that drops records';
const BASELINE = "bare openapi-fetch GET + per-call timeout signal";

const channel = tracingChannel("hiro-lookup:lookup");
const subscriber = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
let subscribed = false;
/** Subscribes (or not) before a call: a no-op after the first call of a round. */
const tracing = (on: boolean) => {
  if (on === subscribed) return;
  if (on) channel.subscribe(subscriber);
  else channel.unsubscribe(subscriber);
  subscribed = on;
};

function contestants(baseUrl: string): Record<string, Call> {
  const params = { principal: PRINCIPAL, token_id: TOKEN_ID };
  const drop = () => {};
  const quiet = createLookupClient({ baseUrl, maxRetries: 0, logLevel: "off" });
  const logged = createLookupClient({
    baseUrl,
    maxRetries: 0,
    logLevel: "info",
    logger: { debug: drop, info: drop, warn: drop, error: drop },
  });
  const bare = createClient<paths>({ baseUrl });
  const bareParams = { path: { principal: PRINCIPAL, token_id: TOKEN_ID } };
  return {
    [OFF]: () => {
      tracing(false);
      return quiet.getSftMetadata(params);
    },
    [TRACED]: () => {
      tracing(true);
      return quiet.getSftMetadata(params);
    },
    [LOGGED]: () => {
      tracing(false);
      return logged.getSftMetadata(params);
    },
    [BASELINE]: () => {
      tracing(false);
      return withTimeout(async (signal) => {
        const { data } = await bare.GET("/metadata/v1/sft/{principal}/{token_id}", {
          params: bareParams,
          signal,
        });
        if (data === undefined) throw new Error("bare openapi-fetch: no data");
        return data;
      });
    },
  };
}

const paired = (x: Summary, y: Summary, key: "roundP50" | "roundCpu"): string => {
  const pr = pairedRatio(x[key], y[key]);
  return `${fmt(pr.median)}× [${fmt(pr.q1)}–${fmt(pr.q3)}]`;
};

export async function observeSection(baseUrl: string, quick: boolean): Promise<void> {
  const rounds = quick ? 3 : 21;
  out("## Logging and tracing: off and on (token lookups, local server, keep-alive)");
  out();
  out(
    `${rounds} interleaved rounds per scenario after one warm-up run each. Ratios are to the client with logging ` +
      "and tracing off: the median of the per-round ratios with their interquartile range [Q1–Q3].",
  );
  out();
  const results: Record<string, unknown> = {};
  for (const [concurrency, n] of [
    [1, 200],
    [16, 640],
  ] as const) {
    const summary = await interleaved(contestants(baseUrl), quick ? n / 4 : n, concurrency, rounds);
    tracing(false);
    const off = summary[OFF] as Summary;
    out(`### concurrency ${concurrency}`);
    out();
    table(
      ["contestant", "p50 ms", "p95 ms", "CPU µs/req", "latency ÷ off", "CPU ÷ off"],
      Object.entries(summary).map(([name, s]) => [
        name,
        fmt(s.p50, 3),
        fmt(s.p95, 3),
        fmt(s.cpuUs, 0),
        name === OFF ? "1" : paired(s, off, "roundP50"),
        name === OFF ? "1" : paired(s, off, "roundCpu"),
      ]),
    );
    out();
    results[`concurrency ${concurrency}`] = Object.fromEntries(
      Object.entries(summary).map(([name, s]) => [
        name,
        {
          p50: s.p50,
          cpuUs: s.cpuUs,
          latencyRatio: pairedRatio(s.roundP50, off.roundP50),
          cpuRatio: pairedRatio(s.roundCpu, off.roundCpu),
        },
      ]),
    );
  }
  json.observe = results;
}
