/** Bench section 5: the Prism mock's time to ready and its latency against the plain bench server. */
import { startPrism } from "../src/mock-server/prism.js";
import { createLookupClient } from "./client.js";
import { type BenchServer, type Call, interleaved, type Summary } from "./harness.js";
import { fmt, json, out, ratio, table } from "./report.js";
import { FIXED_ORDINAL, median, PRINCIPAL, TOKEN_ID } from "./shared.js";

// ---------------------------------------------------------------------------------------------------
// 5. Prism

export async function prismSection(server: BenchServer, quick: boolean): Promise<void> {
  const starts: number[] = [];
  const startsCount = quick ? 1 : 3;
  let prism: Awaited<ReturnType<typeof startPrism>> | undefined;
  for (let i = 0; i < startsCount; i++) {
    const t0 = performance.now();
    const p = await startPrism({ port: 0 });
    starts.push(performance.now() - t0);
    if (i < startsCount - 1) await p.stop();
    else prism = p;
  }
  if (!prism) return;
  try {
    const local = createLookupClient({ baseUrl: server.url, maxRetries: 0 });
    const mock = createLookupClient({ baseUrl: prism.url, maxRetries: 0 });
    const token =
      (c: typeof local): Call =>
      () =>
        c.getSftMetadata({ principal: PRINCIPAL, token_id: TOKEN_ID });
    const page =
      (c: typeof local): Call =>
      () =>
        c.getSatoshiInscriptions({ ordinal: FIXED_ORDINAL, limit: 2 });
    const bytes = async (call: Call): Promise<number> => JSON.stringify(await call()).length;
    const rounds = quick ? 2 : 5;
    const rows: string[][] = [];
    const results: Record<string, unknown> = {};
    for (const [label, make] of [
      ["token object", token],
      ["inscriptions, limit 2", page],
    ] as const) {
      const sizes = `${await bytes(make(local))} B / ${await bytes(make(mock))} B`;
      for (const concurrency of [1, 16]) {
        const n = concurrency === 1 ? 60 : 160;
        const res = await interleaved({ local: make(local), prism: make(mock) }, n, concurrency, rounds);
        const l = res.local as Summary;
        const p = res.prism as Summary;
        results[`${label} c${concurrency}`] = res;
        rows.push([
          `${label}, ${concurrency === 1 ? "sequential" : "concurrency 16"}`,
          sizes,
          `${fmt(l.p50, 3)} / ${fmt(l.p95, 3)}`,
          `${fmt(p.p50, 3)} / ${fmt(p.p95, 3)}`,
          ratio(p.p50, l.p50),
          `${fmt(l.rps, 0)} / ${fmt(p.rps, 0)}`,
        ]);
      }
    }
    out("## 5. Prism mock (`startPrism` from src/mock-server/prism.ts, static examples, `--errors`)");
    out();
    out(
      `Time to ready (spawn → first HTTP answer; the readiness poll runs every 100 ms): ${starts.map((s) => `${fmt(s / 1000)} s`).join(", ")} ` +
        `(median ${fmt(median(starts) / 1000)} s).`,
    );
    out();
    out(`Our client against the plain local server vs against Prism; ${rounds} interleaved rounds.`);
    out();
    table(
      [
        "lookup",
        "body local / Prism",
        "local p50 / p95 ms",
        "Prism p50 / p95 ms",
        "Prism ÷ local p50",
        "req/s local / Prism",
      ],
      rows,
    );
    json.prism = { startsMs: starts, results };
  } finally {
    await prism.stop();
  }
}
