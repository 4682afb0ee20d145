/**
 * A real `node:http` server on 127.0.0.1 that enforces a rate limit and announces it, as a gateway in
 * front of the services does: a fixed window of `windowMs` opening at the first request after the last
 * one closed, `limit` requests per window; every answer carries `ratelimit-limit`, `ratelimit-remaining`
 * and `ratelimit-reset` (delta seconds, or a Unix time), and a refused request gets 429 with
 * `Retry-After`. It answers like upstream: pages echo `offset`, hold at most `limit` results, each on the
 * sat asked; a token is the upstream fixture; a search (`/metadata/v1/search`) finds every token asked.
 * Used by test/faults/pacer-server.test.ts and the bench.
 */
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/upstream/${name}`, import.meta.url), "utf8"));
const INSCRIPTION = (fixture("ordinals-sat-inscriptions-200.fixture.json").results as object[])[0];
const TOKEN = JSON.stringify(fixture("tma-sft-200-valid-metadata.fixture.json"));

export interface RateLimitedServerOptions {
  /** Requests allowed per window. */
  limit: number;
  /** Window length, in ms. */
  windowMs: number;
  /** How `ratelimit-reset` is written: seconds from now (rounded up), or a Unix time (rounded up). */
  reset: "delta" | "epoch";
  /** Inscriptions on every sat. Default 1800 (30 pages of 60). */
  total?: number;
}

export interface RateLimitedServer {
  url: string;
  /** Answers so far: served (200) and refused (429). */
  counts: { served: number; refused: number };
  close(): Promise<void>;
}

/** Inscription `index` on `sat`: a unique id, the sat asked for. */
function inscription(index: number, sat: string): object {
  const tx = index.toString(16).padStart(64, "0");
  return { ...INSCRIPTION, id: `${tx}i0`, number: index, sat_ordinal: sat, tx_id: tx, genesis_tx_id: tx };
}

const PAGES = /^\/ordinals\/v1\/sats\/(\d+)\/inscriptions$/;
const SFT = /^\/metadata\/v1\/sft\/[^/]+\/\d+$/;

export async function startRateLimitedServer(options: RateLimitedServerOptions): Promise<RateLimitedServer> {
  const { limit, windowMs, reset } = options;
  const total = options.total ?? 1800;
  const counts = { served: 0, refused: 0 };
  let windowEnd = 0;
  let used = 0;

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string>) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const now = Date.now();
    if (now >= windowEnd) {
      windowEnd = now + windowMs;
      used = 0;
    }
    used++;
    const leftMs = windowEnd - now;
    const headers = {
      "ratelimit-limit": String(limit),
      "ratelimit-remaining": String(Math.max(0, limit - used)),
      "ratelimit-reset": String(reset === "delta" ? Math.ceil(leftMs / 1000) : Math.ceil(windowEnd / 1000)),
    };
    if (used > limit) {
      counts.refused++;
      const body = JSON.stringify({ error: "Too Many Requests" });
      return send(res, 429, body, { ...headers, "retry-after": String(Math.ceil(leftMs / 1000)) });
    }
    counts.served++;
    const url = new URL(req.url ?? "/", "http://localhost");
    const sat = PAGES.exec(url.pathname)?.[1];
    if (sat !== undefined) {
      const pageLimit = Math.min(Number(url.searchParams.get("limit") ?? 20), 60);
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const count = Math.max(0, Math.min(pageLimit, total - offset));
      const results = Array.from({ length: count }, (_, i) => inscription(offset + i, sat));
      const page = { limit: pageLimit, offset, total: count === 0 ? 0 : total, results };
      return send(res, 200, JSON.stringify(page), headers);
    }
    if (SFT.test(url.pathname)) return send(res, 200, TOKEN, headers);
    if (url.pathname === "/metadata/v1/search") {
      const items = url.searchParams.getAll("contract").map((id) => {
        const [contract_id = "", n = "1"] = id.split(":");
        return {
          contract_id,
          token_number: Number(n),
          token_type: "sft",
          tx_id: "0x00",
          sender_address: "S",
        };
      });
      return send(res, 200, JSON.stringify(items), headers);
    }
    send(res, 404, JSON.stringify({ error: "Not Found" }), headers);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
