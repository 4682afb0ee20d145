/**
 * Bench sections 1 and 2: per-request latency and CPU of our client against raw fetch and bare
 * openapi-fetch, and where the difference goes (a ladder of variants, the pieces in tight loops).
 */
import {
  BARE,
  contestantsFor,
  gc,
  interleaved,
  ladder,
  OURS,
  pairedRatio,
  RAW,
  type Summary,
} from "./harness.js";
import { fmt, json, out, ratio, table } from "./report.js";
import { PAGE_SIZE, PRINCIPAL, TOKEN_ID } from "./shared.js";

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
      throw new Error("page: expected 60 records");
  }
  const pageBytes = JSON.stringify(await calls.page[RAW]?.()).length;
  const tokenBytes = JSON.stringify(await calls.token[RAW]?.()).length;

  const rounds = quick ? 3 : 15;
  const scenarios = [
    {
      payload: "page" as const,
      concurrency: 1,
      n: 100,
      label: `60-record page (${(pageBytes / 1024).toFixed(1)} kB)`,
    },
    { payload: "page" as const, concurrency: 16, n: 320, label: "60-record page" },
    { payload: "token" as const, concurrency: 1, n: 200, label: `token object (${tokenBytes} B)` },
    { payload: "token" as const, concurrency: 16, n: 640, label: "token object" },
  ];
  out("## 1. Per-request latency and CPU (local node:http server in another process, keep-alive)");
  out();
  out(
    `${rounds} interleaved rounds per scenario (A, B, C, then B, C, A, then C, A, B, …: the first slot rotates, ` +
      "because whoever ran first in a round measured ~10% less CPU) after one warm-up run each; GC before every run. " +
      "Latency: all requests of all rounds pooled. CPU: `process.cpuUsage()` (user + system, all threads of the " +
      "client process, so V8's parallel GC threads count too) over a run ÷ requests, median over rounds. " +
      "req/s: median over rounds.",
  );
  out();
  const results: Record<string, unknown> = {};
  const targetRows: string[][] = [];
  for (const s of scenarios) {
    const res = await interleaved(calls[s.payload], s.n, s.concurrency, rounds);
    results[`${s.payload}-c${s.concurrency}`] = res;
    const o = res[OURS] as Summary;
    const r = res[RAW] as Summary;
    const b = res[BARE] as Summary;
    out(
      `### ${s.label}, ${s.concurrency === 1 ? "sequential" : `concurrency ${s.concurrency}`} (${s.n} requests per run)`,
    );
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
    // Ratios: pooled p50/p95 of all requests; "paired" = median of round-by-round ratios [IQR].
    const paired = (x: Summary, y: Summary, key: "roundP50" | "roundCpu"): string => {
      const pr = pairedRatio(x[key], y[key]);
      return `${fmt(pr.median)}× [${fmt(pr.q1)}–${fmt(pr.q3)}]`;
    };
    const ratioRow = (label: string, x: Summary, y: Summary): string[] => [
      label,
      ratio(x.p50, y.p50),
      paired(x, y, "roundP50"),
      ratio(x.p95, y.p95),
      paired(x, y, "roundCpu"),
      ratio(x.rps, y.rps),
    ];
    table(
      ["ratio", "p50 (pooled)", "p50 paired [IQR]", "p95", "CPU/req paired [IQR]", "req/s"],
      [
        ratioRow("ours ÷ raw fetch", o, r),
        ratioRow("ours ÷ bare openapi-fetch", o, b),
        ratioRow("bare openapi-fetch ÷ raw fetch", b, r),
      ],
    );
    const mode = s.concurrency === 1 ? "seq" : `c${s.concurrency}`;
    const verdict = (x: Summary, y: Summary, limit: number): string => {
      const pr = pairedRatio(x.roundP50, y.roundP50);
      const word = pr.median <= limit ? "met" : "**missed**";
      const firm = pr.q1 > limit || pr.q3 <= limit ? "" : " (IQR straddles the target)";
      return `${fmt(pr.median)}× [${fmt(pr.q1)}–${fmt(pr.q3)}] ${word}${firm}`;
    };
    targetRows.push([
      `${s.payload} ${mode}`,
      verdict(o, r, 1.1),
      verdict(o, b, 1.05),
      `${paired(o, r, "roundCpu")} / ${paired(o, b, "roundCpu")}`,
    ]);
  }
  out(
    "### Targets (ours ≤ 1.10× raw fetch, ≤ 1.05× bare openapi-fetch), on median latency, paired round by round",
  );
  out();
  out(
    "Each round runs the three back to back, so a round's ratio is little affected by the load drifting; " +
      "the verdict uses the median of the per-round ratios, with their interquartile range.",
  );
  out();
  table(
    [
      "scenario",
      "ours ÷ raw fetch (≤ 1.10)",
      "ours ÷ openapi-fetch (≤ 1.05)",
      "CPU paired: ÷ raw / ÷ openapi-fetch",
    ],
    targetRows,
  );
  json.latency = { rounds, results };
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
