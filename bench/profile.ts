/**
 * `npm run bench:profile`: a V8 CPU profile of each contestant (token object, concurrency 16) against
 * the bench server, summarized by where the self time goes (undici, openapi-fetch, dist/, GC, …), the
 * top functions of each, and ours minus the budget's baseline (bare openapi-fetch + timeout signal). Options: --payload token|page, --requests N, --concurrency N.
 */
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import { type Call, contestantsFor, gc, runRound, startServer } from "./harness.js";

const { values } = parseArgs({
  options: {
    payload: { type: "string", default: "token" },
    requests: { type: "string", default: "4000" },
    concurrency: { type: "string", default: "16" },
    top: { type: "string", default: "25" },
    /** Also list who calls these functions (self time of the callee, by caller chain), comma-separated. */
    callers: { type: "string", default: "makeTransferable,createAbortSignal,setMaxListeners" },
  },
});
const payload = values.payload === "page" ? "page" : "token";
const n = Number(values.requests);
const concurrency = Number(values.concurrency);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function categoryOf(url: string, name: string): string {
  if (name === "(garbage collector)") return "GC";
  if (name === "(program)" || name === "(idle)" || name === "(root)") return name;
  if (url.includes("undici")) return "undici (fetch, Request, Headers, Response)";
  if (url.includes("openapi-fetch")) return "openapi-fetch";
  if (url.includes("/dist/") || url.includes("/src/")) return "hiro-lookup (dist/)";
  if (url.includes("/bench/")) return "bench harness";
  if (url.startsWith("node:")) return "other Node internals (net, streams, timers, events)";
  return url === "" ? "native / builtins" : "other";
}

/** Self time per category and per function, in ms. */
const label = (frame: ProfileNode["callFrame"]): string => {
  const file = frame.url
    .replace(/^.*\/(node_modules|src|dist|bench)\//, "$1/")
    .replace(/^node:internal\/deps\//, "");
  return `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
};

function summarize(profile: Profile): {
  total: number;
  byCategory: Map<string, number>;
  byFunction: Map<string, number>;
  byCaller: Map<string, number>;
} {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const watched = new Set(values.callers.split(",").filter(Boolean));
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byCaller = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    total += ms;
    const category = categoryOf(frame.url, frame.functionName);
    byCategory.set(category, (byCategory.get(category) ?? 0) + ms);
    const key = label(frame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    if (watched.has(frame.functionName)) {
      // The three nearest callers, nearest first.
      const chain: string[] = [];
      for (let p = parents.get(id); p !== undefined && chain.length < 3; p = parents.get(p)) {
        const f = nodes.get(p)?.callFrame;
        if (f) chain.push(label(f));
      }
      const k = `${frame.functionName} ← ${chain.join(" ← ")}`;
      byCaller.set(k, (byCaller.get(k) ?? 0) + ms);
    }
  });
  return { total, byCategory, byFunction, byCaller };
}

const server = await startServer(0);
const session = new Session();
session.connect();
try {
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  const calls = contestantsFor(server.url)[payload];
  const summaries = new Map<string, ReturnType<typeof summarize>>();
  for (const [name, call] of Object.entries(calls) as Array<[string, Call]>) {
    await runRound(call, 500, concurrency); // warm-up
    gc();
    await session.post("Profiler.start");
    const round = await runRound(call, n, concurrency);
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
    const summary = summarize(profile);
    summaries.set(name, summary);
    const cpuMs = round.cpuUs / 1000;
    console.log(
      `\n## ${name}: ${n} requests, concurrency ${concurrency}, ${payload}; CPU ${(round.cpuUs / n).toFixed(0)} µs/req`,
    );
    console.log("\n| where (self time) | ms | µs/req | share |\n| --- | ---: | ---: | ---: |");
    const busy = [...summary.byCategory].filter(([k]) => k !== "(idle)");
    const busyTotal = busy.reduce((sum, [, ms]) => sum + ms, 0);
    for (const [category, ms] of busy.sort((a, b) => b[1] - a[1])) {
      console.log(
        `| ${category} | ${ms.toFixed(0)} | ${((ms * 1000) / n).toFixed(1)} | ${((ms / busyTotal) * 100).toFixed(1)}% |`,
      );
    }
    console.log(`\n(sampled busy time ${busyTotal.toFixed(0)} ms; process.cpuUsage ${cpuMs.toFixed(0)} ms)`);
  }
  const top = Number(values.top);
  for (const [name, summary] of summaries) {
    console.log(
      `\n## top functions by self time: ${name}\n\n| function | ms | µs/req |\n| --- | ---: | ---: |`,
    );
    for (const [key, ms] of [...summary.byFunction]
      .filter(([k]) => !k.startsWith("(idle)"))
      .sort((x, y) => y[1] - x[1])
      .slice(0, top)) {
      console.log(`| \`${key}\` | ${ms.toFixed(1)} | ${((ms * 1000) / n).toFixed(1)} |`);
    }
    if (summary.byCaller.size > 0) {
      console.log(
        `\ncallers (${values.callers}):\n\n| callee ← callers | ms | µs/req |\n| --- | ---: | ---: |`,
      );
      for (const [key, ms] of [...summary.byCaller].sort((x, y) => y[1] - x[1]).slice(0, 12)) {
        console.log(`| \`${key}\` | ${ms.toFixed(1)} | ${((ms * 1000) / n).toFixed(1)} |`);
      }
    }
  }
  // Where ours spends more than the budget's baseline (bare openapi-fetch + a timeout signal), function by function.
  const [oursName, ours] = [...summaries][0] as [string, ReturnType<typeof summarize>];
  const [rawName, raw] = [...summaries][1] as [string, ReturnType<typeof summarize>];
  console.log(
    `\n## self time of ${oursName} minus ${rawName}, by function (µs per request)\n\n| function | ours | baseline | difference |\n| --- | ---: | ---: | ---: |`,
  );
  const keys = new Set([...ours.byFunction.keys(), ...raw.byFunction.keys()]);
  const perReq = (ms: number | undefined): number => ((ms ?? 0) * 1000) / n;
  const diffs = [...keys]
    .filter((k) => !k.startsWith("(idle)"))
    .map((k) => [k, perReq(ours.byFunction.get(k)), perReq(raw.byFunction.get(k))] as const)
    .sort((x, y) => y[1] - y[2] - (x[1] - x[2]));
  for (const [k, o, r] of diffs.slice(0, top)) {
    console.log(`| \`${k}\` | ${o.toFixed(1)} | ${r.toFixed(1)} | ${(o - r).toFixed(1)} |`);
  }
  const total = (x: ReturnType<typeof summarize>) =>
    perReq([...x.byFunction].filter(([k]) => !k.startsWith("(idle)")).reduce((sum, [, ms]) => sum + ms, 0));
  console.log(
    `| all sampled busy time | ${total(ours).toFixed(1)} | ${total(raw).toFixed(1)} | ${(total(ours) - total(raw)).toFixed(1)} |`,
  );
} finally {
  session.disconnect();
  await server.stop();
}
