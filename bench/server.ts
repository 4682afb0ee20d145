/**
 * The bench's upstream: a plain `node:http` server, run in its own process (so its CPU never counts
 * as the client's), keep-alive. Started by bench/run.ts with `fork`; it reports its port over IPC
 * and exits when the parent disconnects.
 *
 *   GET /ordinals/v1/sats/<FIXED_ORDINAL>/inscriptions?limit=  records 0..limit-1 (pre-serialized)
 *   GET /ordinals/v1/sats/<PAGED_ORDINAL>/inscriptions?offset=&limit=  a page of PAGED_TOTAL records,
 *       sent after --delay-ms (default 10)
 *   GET /metadata/v1/sft/<principal>/<token_id>  the token fixture (pre-serialized)
 *   GET /__stats  { requests }: lookups answered so far
 */
import { createServer, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { record, TOKEN } from "./records.js";
import { FIXED_ORDINAL, PAGE_SIZE, PAGED_ORDINAL, PAGED_TOTAL } from "./shared.js";

const { values } = parseArgs({
  options: { "delay-ms": { type: "string", default: "10" }, port: { type: "string", default: "0" } },
});
const delayMs = Number(values["delay-ms"]);

const FIXED_RECORDS = Array.from({ length: PAGE_SIZE }, (_, i) => record(i, FIXED_ORDINAL));
const fixedPages = new Map<number, Buffer>();
const fixedPage = (limit: number): Buffer => {
  let body = fixedPages.get(limit);
  if (!body) {
    const results = FIXED_RECORDS.slice(0, limit);
    body = Buffer.from(JSON.stringify({ limit, offset: 0, total: PAGE_SIZE, results }));
    fixedPages.set(limit, body);
  }
  return body;
};
const tokenBody = Buffer.from(JSON.stringify(TOKEN));

function pagedBody(offset: number, limit: number): Buffer {
  const count = Math.max(0, Math.min(limit, PAGED_TOTAL - offset));
  const results = Array.from({ length: count }, (_, i) => record(offset + i, PAGED_ORDINAL));
  // As upstream: total is 0 when the offset is past the end.
  return Buffer.from(JSON.stringify({ limit, offset, total: count === 0 ? 0 : PAGED_TOTAL, results }));
}

function send(res: ServerResponse, status: number, body: Buffer): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": body.length,
  });
  res.end(body);
}

const INSCRIPTIONS = /^\/ordinals\/v1\/sats\/(\d+)\/inscriptions$/;
const SFT = /^\/metadata\/v1\/sft\/[^/]+\/\d+$/;
let requests = 0;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === "/__stats") return send(res, 200, Buffer.from(JSON.stringify({ requests })));
  requests++;
  const limit = Math.min(Number(url.searchParams.get("limit") ?? 20), PAGE_SIZE);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  const sat = INSCRIPTIONS.exec(url.pathname)?.[1];
  if (sat === String(FIXED_ORDINAL)) return send(res, 200, fixedPage(limit));
  if (sat === String(PAGED_ORDINAL)) {
    setTimeout(() => send(res, 200, pagedBody(offset, limit)), delayMs);
    return;
  }
  if (SFT.test(url.pathname)) return send(res, 200, tokenBody);
  send(res, 404, Buffer.from(JSON.stringify({ error: "Not Found" })));
});
// Longer than any pause of the runner, so undici never reuses a socket the server is closing.
server.keepAliveTimeout = 120_000;
server.headersTimeout = 121_000;
server.listen(Number(values.port), "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  if (process.send) process.send({ port });
  else console.log(`listening on http://127.0.0.1:${port}`);
});
// Never outlive the runner.
process.on("disconnect", () => process.exit(0));
