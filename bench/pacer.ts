/**
 * Bench section `pacer` (issue 12): a local server enforcing a limit it announces in `ratelimit-*`
 * headers (scripts/lib/rate-limited-server.ts, 429 + Retry-After past it), run in this process. Paging
 * 100 pages at concurrency 8, and 200 concurrent token lookups. Target: 0 responses 429, and wall time
 * ≤ 1.10× the ideal (requests ÷ limit, in windows). Reported for both ways of writing the reset.
 */
import { startRateLimitedServer } from "../scripts/lib/rate-limited-server.js";
import { createLookupClient, paginate } from "./client.js";
import { fmt, json, out, table } from "./report.js";
import { PRINCIPAL } from "./shared.js";

const LIMIT = 20;
const WINDOW_MS = 1_000;
const PAGES = 100;
const LOOKUPS = 200;
const ORDINAL = 1252201400444387;

interface Run {
  workload: string;
  reset: "delta" | "epoch";
  requests: number;
  refused: number;
  wallMs: number;
  idealMs: number;
}

async function measure(workload: string, reset: "delta" | "epoch", quick: boolean): Promise<Run> {
  const pages = quick ? PAGES / 4 : PAGES;
  const lookups = quick ? LOOKUPS / 4 : LOOKUPS;
  const server = await startRateLimitedServer({
    limit: LIMIT,
    windowMs: WINDOW_MS,
    reset,
    total: pages * 60,
  });
  try {
    const client = createLookupClient({ baseUrl: server.url });
    const t0 = performance.now();
    if (workload === "paging") {
      let items = 0;
      for await (const _ of paginate(client.getSatoshiInscriptions, { ordinal: ORDINAL }, { concurrency: 8 }))
        items++;
      if (items !== pages * 60) throw new Error(`paging yielded ${items} items, not ${pages * 60}`);
    } else {
      await Promise.all(
        Array.from({ length: lookups }, (_, i) =>
          client.getSftMetadata({ principal: PRINCIPAL, token_id: i + 1 }),
        ),
      );
    }
    const wallMs = performance.now() - t0;
    const requests = server.counts.served + server.counts.refused;
    const idealMs = (server.counts.served / LIMIT) * WINDOW_MS;
    return { workload, reset, requests, refused: server.counts.refused, wallMs, idealMs };
  } finally {
    await server.close();
  }
}

export async function pacerSection(quick: boolean): Promise<void> {
  out(`## Pacer: ${LIMIT} requests per ${WINDOW_MS} ms window, announced in ratelimit-* headers`);
  out();
  const runs: Run[] = [];
  for (const reset of ["delta", "epoch"] as const) {
    runs.push(await measure("paging", reset, quick));
    runs.push(await measure("lookups", reset, quick));
  }
  table(
    ["workload", "reset as", "requests", "429s", "wall s", "ideal s", "wall ÷ ideal", "target (0, ≤ 1.10×)"],
    runs.map((r) => {
      const ratio = r.wallMs / r.idealMs;
      const met = r.refused === 0 && ratio <= 1.1;
      return [
        r.workload === "paging"
          ? `paginate, ${quick ? PAGES / 4 : PAGES} pages, concurrency 8`
          : `${quick ? LOOKUPS / 4 : LOOKUPS} concurrent getSftMetadata`,
        r.reset === "delta" ? "delta seconds" : "Unix time",
        String(r.requests),
        String(r.refused),
        fmt(r.wallMs / 1000),
        fmt(r.idealMs / 1000),
        `${fmt(ratio)}×`,
        met ? "met" : "**missed**",
      ];
    }),
  );
  json.pacer = { limit: LIMIT, windowMs: WINDOW_MS, runs };
}
