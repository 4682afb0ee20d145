/**
 * Bench section `search` (issue 18): 200 token ids against a local server enforcing a scaled-down
 * limit it announces in `ratelimit-*` headers (50 requests per 1 s window: the hosted Token Metadata
 * API's 50 per minute, 60 times faster), as `searchTokens` (4 requests of 50) and as 200 `getSftMetadata`
 * calls, both at the same concurrency. Reported: requests sent, 429s, wall time and wall ÷ ideal (the
 * ideal as in the pacer section: requests ÷ limit, in windows). Under the hosted limit the getSftMetadata
 * way scales with the window (× 60); the search's 4 requests fit in one window, so it only costs latency.
 */
import { startRateLimitedServer } from "../scripts/lib/rate-limited-server.js";
import { createLookupClient } from "./client.js";
import { fmt, json, out, table } from "./report.js";
import { PRINCIPAL } from "./shared.js";

const LIMIT = 50;
const WINDOW_MS = 1_000;
const TOKENS = 200;
const CONCURRENCY = 4;

interface Run {
  way: "searchTokens" | "getSftMetadata";
  requests: number;
  refused: number;
  found: number;
  wallMs: number;
  idealMs: number;
}

/** Runs `task(i)` for i < count, at most `concurrency` at a time. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function measure(way: Run["way"], tokens: number): Promise<Run> {
  const server = await startRateLimitedServer({ limit: LIMIT, windowMs: WINDOW_MS, reset: "delta" });
  try {
    const client = createLookupClient({ baseUrl: server.url });
    const ids = Array.from({ length: tokens }, (_, i) => i + 1);
    let found = 0;
    const t0 = performance.now();
    if (way === "searchTokens") {
      const contract = ids.map((id) => `${PRINCIPAL}:${id}`);
      const { results } = await client.searchTokens({ contract }, { concurrency: CONCURRENCY });
      found = results.length;
    } else {
      await pool(tokens, CONCURRENCY, async (i) => {
        await client.getSftMetadata({ principal: PRINCIPAL, token_id: ids[i] as number });
        found++;
      });
    }
    const wallMs = performance.now() - t0;
    if (found !== tokens) throw new Error(`${way}: ${found} tokens of ${tokens}`);
    const requests = server.counts.served + server.counts.refused;
    const idealMs = (server.counts.served / LIMIT) * WINDOW_MS;
    return { way, requests, refused: server.counts.refused, found, wallMs, idealMs };
  } finally {
    await server.close();
  }
}

export async function searchSection(quick: boolean): Promise<void> {
  const tokens = quick ? TOKENS / 2 : TOKENS;
  out(
    `## Search: ${tokens} tokens, ${LIMIT} requests per ${WINDOW_MS} ms window, concurrency ${CONCURRENCY}`,
  );
  out();
  const runs: Run[] = [];
  for (const way of ["searchTokens", "getSftMetadata", "searchTokens", "getSftMetadata"] as const) {
    runs.push(await measure(way, tokens));
  }
  table(
    ["way", "requests", "429s", "tokens", "wall s", "ideal s", "wall ÷ ideal"],
    runs.map((r) => [
      r.way === "searchTokens"
        ? `searchTokens (${Math.ceil(tokens / 50)} × 50)`
        : `${tokens} × getSftMetadata`,
      String(r.requests),
      String(r.refused),
      String(r.found),
      fmt(r.wallMs / 1000),
      fmt(r.idealMs / 1000),
      `${fmt(r.wallMs / r.idealMs)}×`,
    ]),
  );
  json.search = { limit: LIMIT, windowMs: WINDOW_MS, tokens, concurrency: CONCURRENCY, runs };
}
