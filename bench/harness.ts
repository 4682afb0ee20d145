/**
 * The bench's moving parts, shared by bench/run.ts and bench/profile.ts: the server process, timed
 * rounds, interleaving, and the contestants.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import createClient from "openapi-fetch";
import type { paths } from "../src/spec/types.js";
import { createLookupClient } from "./client.js";
import { FIXED_ORDINAL, median, PAGE_SIZE, PRINCIPAL, quantile, sortNumbers, TOKEN_ID } from "./shared.js";

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
/** `global.gc` when run with --expose-gc, else a no-op. */
export const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

// ---------------------------------------------------------------------------------------------------
// the server process

export interface BenchServer {
  url: string;
  child: ChildProcess;
  requests(): Promise<number>;
  stop(): Promise<void>;
}

export async function startServer(delayMs: number): Promise<BenchServer> {
  const child = fork(here("./server.ts"), ["--delay-ms", String(delayMs)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`bench server exited early (code ${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    requests: async () => ((await (await fetch(`${url}/__stats`)).json()) as { requests: number }).requests,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// timed rounds

export type Call = () => Promise<unknown>;
export interface RoundResult {
  latencies: number[];
  cpuUs: number;
  wallMs: number;
}

/** `n` calls with `concurrency` workers; latency of each call, CPU (user + system) and wall of the lot. */
export async function runRound(call: Call, n: number, concurrency: number): Promise<RoundResult> {
  const latencies = new Array<number>(n);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) {
      const i = next++;
      const start = performance.now();
      await call();
      latencies[i] = performance.now() - start;
    }
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { latencies, cpuUs: cpu.user + cpu.system, wallMs };
}

export interface Summary {
  /** Median and 95th percentile latency (ms) of all requests of all rounds. */
  p50: number;
  p95: number;
  /** CPU µs per request and requests per second: medians over rounds. */
  cpuUs: number;
  rps: number;
  /** Per round, in order: median latency (ms) and CPU µs per request. For paired ratios. */
  roundP50: number[];
  roundCpu: number[];
}

/**
 * Interleaved rounds (each contestant once per round, the starting one rotated), after one warm-up
 * run each; GC before each run so nobody pays for another's garbage.
 */
export async function interleaved(
  contestants: Record<string, Call>,
  n: number,
  concurrency: number,
  rounds: number,
): Promise<Record<string, Summary>> {
  const names = Object.keys(contestants);
  const acc = Object.fromEntries(
    names.map((k) => [
      k,
      { lat: [] as number[], p50: [] as number[], cpu: [] as number[], rps: [] as number[] },
    ]),
  );
  for (const name of names) await runRound(contestants[name] as Call, n, concurrency); // warm-up (JIT, sockets)
  for (let r = 0; r < rounds; r++) {
    // A, B, C, then B, C, A, then C, A, B, …: every contestant runs as often first as last, which
    // cancels the position effect seen here (whoever runs first in a round got ~10% less CPU).
    const order = names.map((_, i) => names[(i + r) % names.length] as string);
    for (const name of order) {
      gc();
      const res = await runRound(contestants[name] as Call, n, concurrency);
      const a = acc[name] as { lat: number[]; p50: number[]; cpu: number[]; rps: number[] };
      a.lat.push(...res.latencies);
      a.p50.push(median(res.latencies));
      a.cpu.push(res.cpuUs / n);
      a.rps.push((n / res.wallMs) * 1000);
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const a = acc[name] as { lat: number[]; p50: number[]; cpu: number[]; rps: number[] };
      const sorted = sortNumbers(a.lat);
      const summary: Summary = {
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        cpuUs: median(a.cpu),
        rps: median(a.rps),
        roundP50: a.p50,
        roundCpu: a.cpu,
      };
      return [name, summary];
    }),
  );
}

/**
 * Ratios of `a` to `b` round by round (each pair ran back to back, so slow drifts in the machine's load
 * cancel out): their median and interquartile range.
 */
export function pairedRatio(
  a: readonly number[],
  b: readonly number[],
): { median: number; q1: number; q3: number } {
  const ratios = sortNumbers(a.map((x, i) => x / (b[i] as number)));
  return { median: quantile(ratios, 0.5), q1: quantile(ratios, 0.25), q3: quantile(ratios, 0.75) };
}

export const OURS = "ours (createLookupClient)";
export const OURS_MIDDLEWARE = "ours, a middleware registered (openapi-fetch path)";
export const OURS_SIGNAL = "ours + a caller's per-call signal";
export const BARE_SIGNAL = "bare openapi-fetch GET + per-call timeout signal";
export const BARE = "bare openapi-fetch GET, no signal";
export const RAW = "raw fetch + res.json()";

/** Runs `fn` with a fresh signal that aborts after 30 s, the timer cleared after: what a per-call timeout costs. */
export async function withTimeout<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    return await fn(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The contestants of the per-request budget, in this order: ours, the baseline of the budget (a bare
 * openapi-fetch client given a per-call timeout signal, what any openapi-fetch user with a timeout
 * pays), bare openapi-fetch without a signal (no timeout at all), and raw fetch.
 */
export function contestantsFor(baseUrl: string): Record<"page" | "token", Record<string, Call>> {
  const ours = createLookupClient({ baseUrl, maxRetries: 0 });
  // A middleware that does nothing: the lookups then go through openapi-fetch, so it sees them.
  const oursMiddleware = createLookupClient({ baseUrl, maxRetries: 0, middleware: [{ onRequest() {} }] });
  const bare = createClient<paths>({ baseUrl });
  const pageUrl = `${baseUrl}/ordinals/v1/sats/${FIXED_ORDINAL}/inscriptions?offset=0&limit=${PAGE_SIZE}`;
  const tokenUrl = `${baseUrl}/metadata/v1/sft/${PRINCIPAL}/${TOKEN_ID}`;
  const rawJson = async (url: string): Promise<unknown> => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.json();
  };
  const dataOf = <T>(answer: { data?: T; error?: unknown }): T => {
    if (answer.data === undefined) throw new Error(`openapi-fetch: ${JSON.stringify(answer.error)}`);
    return answer.data;
  };
  const pageParams = { path: { ordinal: FIXED_ORDINAL }, query: { offset: 0, limit: PAGE_SIZE } };
  const tokenParams = { path: { principal: PRINCIPAL, token_id: TOKEN_ID } };
  return {
    page: {
      [OURS]: () => ours.getSatoshiInscriptions({ ordinal: FIXED_ORDINAL, offset: 0, limit: PAGE_SIZE }),
      [OURS_MIDDLEWARE]: () =>
        oursMiddleware.getSatoshiInscriptions({ ordinal: FIXED_ORDINAL, offset: 0, limit: PAGE_SIZE }),
      [OURS_SIGNAL]: () =>
        withTimeout((signal) =>
          ours.getSatoshiInscriptions({ ordinal: FIXED_ORDINAL, offset: 0, limit: PAGE_SIZE }, { signal }),
        ),
      [BARE_SIGNAL]: () =>
        withTimeout(async (signal) =>
          dataOf(await bare.GET("/ordinals/v1/sats/{ordinal}/inscriptions", { params: pageParams, signal })),
        ),
      [BARE]: async () =>
        dataOf(await bare.GET("/ordinals/v1/sats/{ordinal}/inscriptions", { params: pageParams })),
      [RAW]: () => rawJson(pageUrl),
    },
    token: {
      [OURS]: () => ours.getSftMetadata({ principal: PRINCIPAL, token_id: TOKEN_ID }),
      [OURS_MIDDLEWARE]: () => oursMiddleware.getSftMetadata({ principal: PRINCIPAL, token_id: TOKEN_ID }),
      [OURS_SIGNAL]: () =>
        withTimeout((signal) =>
          ours.getSftMetadata({ principal: PRINCIPAL, token_id: TOKEN_ID }, { signal }),
        ),
      [BARE_SIGNAL]: () =>
        withTimeout(async (signal) =>
          dataOf(await bare.GET("/metadata/v1/sft/{principal}/{token_id}", { params: tokenParams, signal })),
        ),
      [BARE]: async () =>
        dataOf(await bare.GET("/metadata/v1/sft/{principal}/{token_id}", { params: tokenParams })),
      [RAW]: () => rawJson(tokenUrl),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// the ladder: from raw fetch to our client, one step at a time

/**
 * A ladder of variants on the real network, from raw fetch to our client, each adding one thing our
 * client does; h is a prototype without openapi-fetch on the request path.
 */
export function ladder(baseUrl: string): Record<string, Call> {
  const url = `${baseUrl}/metadata/v1/sft/${PRINCIPAL}/${TOKEN_ID}`;
  const params = { path: { principal: PRINCIPAL, token_id: TOKEN_ID } };
  const bare = createClient<paths>({ baseUrl });
  const ours = createLookupClient({ baseUrl, maxRetries: 0 });
  const parsed = async (res: Response): Promise<unknown> => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return JSON.parse(await res.text());
  };
  return {
    "a. fetch(url) + res.json()": async () => (await fetch(url)).json(),
    "b. fetch(url, { signal }) + timer": () =>
      withTimeout(async (signal) => (await fetch(url, { signal })).json()),
    "c. fetch(new Request(url))": async () => (await fetch(new Request(url))).json(),
    "d. fetch(new Request(url, { signal })) + timer": () =>
      withTimeout(async (signal) => (await fetch(new Request(url, { signal }))).json()),
    "e. bare openapi-fetch GET": async () =>
      (await bare.GET("/metadata/v1/sft/{principal}/{token_id}", { params })).data,
    "f. bare openapi-fetch GET + signal + timer + parseAs text": () =>
      withTimeout(async (signal) => {
        const answer = await bare.GET("/metadata/v1/sft/{principal}/{token_id}", {
          params,
          signal,
          parseAs: "text",
        });
        return JSON.parse(answer.data as string);
      }),
    "g. ours: getSftMetadata": () => ours.getSftMetadata({ principal: PRINCIPAL, token_id: TOKEN_ID }),
    "h. prototype: URL by hand, fetch(url, { headers, signal }) + timer + text → JSON.parse": () =>
      withTimeout(async (signal) => parsed(await fetch(url, { headers: {}, signal }))),
  };
}
