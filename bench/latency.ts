/**
 * Bench sections 1 and 2: per-request latency and CPU of our client against the budget's baseline (bare
 * openapi-fetch with a per-call timeout signal), bare openapi-fetch without one and raw fetch; and where
 * the difference goes (a ladder of variants, the pieces in tight loops).
 */
import {
  BARE,
  BARE_SIGNAL,
  contestantsFor,
  gc,
  interleaved,
  ladder,
  OURS,
  OURS_MIDDLEWARE,
  OURS_SIGNAL,
  pairedRatio,
  RAW,
  type Summary,
} from "./harness.js";
import { fmt, json, out, ratio, table } from "./report.js";
import { PAGE_SIZE, PRINCIPAL, TOKEN_ID } from "./shared.js";

/** Issue 11's budget: ours ÷ bare openapi-fetch with a timeout signal, latency and CPU alike. */
export const BUDGET = 1.05;

/** "1.03× [0.98–1.09]": the median of per-round ratios and their interquartile range. */
const paired = (x: Summary, y: Summary, key: "roundP50" | "roundCpu"): string => {
  const pr = pairedRatio(x[key], y[key]);
  return `${fmt(pr.median)}× [${fmt(pr.q1)}–${fmt(pr.q3)}]`;
};

/** Met, missed, or missed/met inside the noise (the IQR of the per-round ratios straddles the budget). */
export function verdict(x: readonly number[], y: readonly number[], limit = BUDGET): string {
  const pr = pairedRatio(x, y);
  const inNoise = pr.q1 <= limit && pr.q3 > limit;
  const word = pr.median <= limit ? "met" : "**missed**";
  return `${fmt(pr.median)}× [${fmt(pr.q1)}–${fmt(pr.q3)}] ${word}${inNoise ? " (inside the noise)" : ""}`;
}

// ---------------------------------------------------------------------------------------------------
// 1. latency and CPU per request

export async function latencySection(baseUrl: string, quick: boolean): Promise<void> {
  const calls = contestantsFor(baseUrl);
  // Sanity: every contestant gets the same, complete answer.
  for (const [payload, set] of Object.entries(calls)) {
    const answers = await Promise.all(Object.values(set).map((call) => call()));
    const shapes = answers.map((a) => JSON.stringify(a).length);
    if (new Set(shapes).size !== 1)
      throw new Error(`${payload}: contestants disagree (${shapes.join(", ")})`);
    if (payload === "page" && (answers[0] as { results: unknown[] }).results.length !== PAGE_SIZE)
      throw new Error(`page: expected ${PAGE_SIZE} records`);
  }
  const pageBytes = JSON.stringify(await calls.page[RAW]?.()).length;
  const tokenBytes = JSON.stringify(await calls.token[RAW]?.()).length;

  const rounds = quick ? 3 : 21;
  const scenarios = [
    { payload: "token" as const, concurrency: 1, n: 200, label: `token (${tokenBytes} B)` },
    { payload: "token" as const, concurrency: 16, n: 640, label: `token (${tokenBytes} B)` },
    {
      payload: "page" as const,
      concurrency: 1,
      n: 100,
      label: `${PAGE_SIZE}-record page (${(pageBytes / 1024).toFixed(1)} kB)`,
    },
    {
      payload: "page" as const,
      concurrency: 16,
      n: 320,
      label: `${PAGE_SIZE}-record page (${(pageBytes / 1024).toFixed(1)} kB)`,
    },
  ];
  out("## 1. Per-request latency and CPU (local node:http server in another process, keep-alive)");
  out();
  out(
    `${rounds} interleaved rounds per scenario (A, B, C, D, then B, C, D, A, …: the first slot rotates) after one ` +
      "warm-up run each; GC before every run. A round's figure per contestant: median latency of its requests, and " +
      "`process.cpuUsage()` (user + system, all threads of the client process) ÷ requests. Ratios are the median of " +
      "the per-round ratios (each pair ran back to back in the same round) with their interquartile range [Q1–Q3]. " +
      "Pooled p50/p95: all requests of all rounds.",
  );
  out();
  const results: Record<string, unknown> = {};
  const budgetRows: string[][] = [];
  for (const s of scenarios) {
    const res = await interleaved(calls[s.payload], s.n, s.concurrency, rounds);
    results[`${s.payload}-c${s.concurrency}`] = res;
    const o = res[OURS] as Summary;
    const bs = res[BARE_SIGNAL] as Summary;
    const b = res[BARE] as Summary;
    const r = res[RAW] as Summary;
    const mode = s.concurrency === 1 ? "sequential" : `concurrency ${s.concurrency}`;
    out(`### ${s.label}, ${mode} (${s.n} requests per run)`);
    out();
    table(
      ["client", "p50 ms", "p95 ms", "CPU µs/req", "req/s"],
      Object.entries(res).map(([name, v]) => [
        name,
        fmt(v.p50, 3),
        fmt(v.p95, 3),
        fmt(v.cpuUs, 0),
        fmt(v.rps, 0),
      ]),
    );
    const ratioRow = (label: string, x: Summary, y: Summary): string[] => [
      label,
      paired(x, y, "roundP50"),
      ratio(x.p95, y.p95),
      paired(x, y, "roundCpu"),
      ratio(x.rps, y.rps),
    ];
    table(
      ["ratio", "latency p50, paired [IQR]", "p95 (pooled)", "CPU/req, paired [IQR]", "req/s"],
      [
        ratioRow("ours ÷ bare openapi-fetch + timeout signal", o, bs),
        ratioRow("ours + middleware ÷ bare + timeout signal", res[OURS_MIDDLEWARE] as Summary, bs),
        ratioRow("ours + caller's signal ÷ bare + timeout signal", res[OURS_SIGNAL] as Summary, bs),
        ratioRow("ours ÷ bare openapi-fetch, no signal", o, b),
        ratioRow("ours ÷ raw fetch", o, r),
        ratioRow("bare + signal ÷ bare, no signal", bs, b),
        ratioRow("bare openapi-fetch, no signal ÷ raw fetch", b, r),
      ],
    );
    budgetRows.push([
      `${s.label}, ${mode}`,
      verdict(o.roundP50, bs.roundP50),
      verdict(o.roundCpu, bs.roundCpu),
      paired(res[OURS_MIDDLEWARE] as Summary, bs, "roundP50"),
      paired(res[OURS_SIGNAL] as Summary, bs, "roundP50"),
      paired(o, b, "roundP50"),
      paired(o, r, "roundP50"),
    ]);
  }
  out(`### Budget: ours ≤ ${BUDGET}× bare openapi-fetch with a per-call timeout signal, latency and CPU`);
  out();
  out(
    'Median of per-round ratios [IQR]. "inside the noise": the interquartile range straddles the budget, so ' +
      "this run cannot tell a miss from a hit.",
  );
  out();
  table(
    [
      "scenario",
      `latency ÷ bare + signal (≤ ${BUDGET})`,
      `CPU ÷ bare + signal (≤ ${BUDGET})`,
      "with a middleware: latency ÷ bare + signal",
      "with a caller's signal: latency ÷ bare + signal",
      "latency ÷ bare, no signal",
      "latency ÷ raw fetch",
    ],
    budgetRows,
  );
  json.latency = { rounds, budget: BUDGET, results };
}

// ---------------------------------------------------------------------------------------------------
// 2. where the client's extra cost goes

export async function overheadSection(baseUrl: string, quick: boolean): Promise<void> {
  const rounds = quick ? 3 : 9;
  const variants = ladder(baseUrl);
  const answers = await Promise.all(Object.values(variants).map((call) => call()));
  if (new Set(answers.map((a) => JSON.stringify(a))).size !== 1) throw new Error("ladder: variants disagree");
  out("## 2. Where the extra cost goes (token object, real network)");
  out();
  out(
    "Each variant adds one thing our client does. undici's `new Request(input, { signal })` makes the request's " +
      "signal *follow* the given one (a new AbortController, a WeakRef, get/setMaxListeners, an abort listener and a " +
      "FinalizationRegistry entry), and `fetch(request)` builds a second Request from the first, which follows *its* " +
      `signal again. ${rounds} interleaved rounds; ratios to variant a are medians of per-round ratios [IQR].`,
  );
  out();
  const results: Record<string, unknown> = {};
  for (const [concurrency, n] of [
    [1, 150],
    [16, 320],
  ] as const) {
    const res = await interleaved(variants, n, concurrency, rounds);
    results[`c${concurrency}`] = res;
    const a = res["a. fetch(url) + res.json()"] as Summary;
    out(`### ${concurrency === 1 ? "sequential" : "concurrency 16"} (${n} requests per run)`);
    out();
    const vsA = (v: Summary, key: "roundP50" | "roundCpu"): string => {
      const pr = pairedRatio(v[key], a[key]);
      return `${fmt(pr.median)}× [${fmt(pr.q1)}–${fmt(pr.q3)}]`;
    };
    table(
      ["variant", "p50 ms", "p50 ÷ a, paired [IQR]", "CPU µs/req", "CPU ÷ a, paired [IQR]", "req/s"],
      Object.entries(res).map(([k, v]) => [
        k,
        fmt(v.p50, 3),
        vsA(v, "roundP50"),
        fmt(v.cpuUs, 0),
        vsA(v, "roundCpu"),
        fmt(v.rps, 0),
      ]),
    );
  }
  // The pieces one at a time, in tight loops (results kept in a sink so nothing is optimized away).
  const sink: unknown[] = [];
  const micro = (fn: () => unknown, iterations = 100_000): number => {
    for (let i = 0; i < 5_000; i++) sink[i & 1023] = fn();
    gc();
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < iterations; i++) sink[i & 1023] = fn();
    const cpu = process.cpuUsage(cpu0);
    return (cpu.user + cpu.system) / iterations;
  };
  const url = `${baseUrl}/metadata/v1/sft/${PRINCIPAL}/${TOKEN_ID}`;
  const pieces: Record<string, number> = {
    "new AbortController()": micro(() => new AbortController()),
    "setTimeout + clearTimeout": micro(() => clearTimeout(setTimeout(() => {}, 30_000))),
    "new Request(url)": micro(() => new Request(url)),
    "new Request(url, { signal })": micro(() => new Request(url, { signal: new AbortController().signal })),
    "new Request(new Request(url)) (fetch(request) copies it)": micro(() => new Request(new Request(url))),
    "input checks (principal regexp, token_id → BigInt → string)": micro(() => {
      if (!/^[0-9A-Z]{28,41}\.[a-zA-Z][a-zA-Z0-9_-]{0,39}$/.test(PRINCIPAL)) throw new Error();
      return BigInt(TOKEN_ID).toString();
    }),
  };
  sink.length = 0;
  table(
    ["piece (tight loop)", "CPU µs each"],
    Object.entries(pieces).map(([k, v]) => [k, fmt(v, 2)]),
  );
  json.overhead = { rounds, results, pieces };
}
