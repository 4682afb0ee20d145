/**
 * Fault matrix: every fault the misbehaving server can stage, against each of the three lookups,
 * over real HTTP (node:http on 127.0.0.1, the global fetch). Each case asserts the outcome (typed
 * error class and kind, or the data), how many attempts the server saw, and that the client waited at
 * least what the retry policy asks (backoff 500 ms · 2^n plus up to 25% jitter, `Retry-After` honoured
 * with the same jitter). The upper bound is loose on purpose: the cases run concurrently on a machine that
 * may be busy, and the exact delays are unit-tested with injected clocks (test/unit/retry.test.ts,
 * retries-in-client.test.ts).
 *
 * Expected outcomes, decided per fault:
 * - 5xx and 429 are retried; once retries run out the last answer becomes a HiroApiError
 *   (`server_error` / `rate_limited`) whose `body` is the body as sent (an HTML page stays a string).
 *   A `Retry-After` beyond 60 s fails fast (`rate_limited`, one attempt). A redirect, even to itself,
 *   is never followed: `unexpected_status`.
 * - A connection reset mid-body is a HiroNetworkError; an attempt that gets no complete answer within
 *   `timeoutMs` (no answer at all, or a body trickling in too slowly) is a HiroTimeoutError. Both are
 *   retried: every lookup is a GET.
 * - A 200 that is empty, cut short (a chunked body that ends cleanly after half the JSON), not JSON, or
 *   an HTML page is a HiroApiError `invalid_response` after one attempt: a malformed 2xx body is not
 *   expected to change, so it is not retried.
 * - Valid JSON labelled `content-type: text/html` succeeds: the client parses the body as JSON whatever
 *   its content type says (it reads the text and JSON.parse-s it).
 * - A ~5 MB page (60 results, multi-byte padding across chunk boundaries) comes back intact.
 *
 * The matrix is written to reports/fault-matrix.md as a Markdown table (nothing is printed: `npm test`'s
 * output is its test lines and summary).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, type ExpectStatic, it } from "vitest";
import {
  HiroApiError,
  type HiroApiErrorKind,
  HiroNetworkError,
  HiroTimeoutError,
  type LookupClient,
  type RequestOptions,
} from "../../src/index.js";
import { PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import {
  BAD_GATEWAY_HTML,
  type Behaviour,
  behave,
  MAINTENANCE_HTML,
  startMisbehavingServer,
} from "../helpers/misbehaving-server.js";
import { createTestClient } from "../helpers/test-client.js";
import { upstreamFixture as fixture } from "../helpers/upstream-fixtures.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Sent with every request: it must reach the server each time and appear in no error. */
const API_KEY = "fault-matrix-key-6f1c2b9e";
/** Per-attempt timeout of the cases that are about a timeout (no answer, a body trickling too slowly). */
const TIMEOUT_MS = 300;
/**
 * Per-attempt timeout of every other case: far above any answer time, so a busy machine cannot turn a
 * 503 or a reset into a timeout (with 300 ms, "connection reset mid-body, then 200" once failed so).
 */
const ANSWER_TIMEOUT_MS = 10_000;
/**
 * Allowance above the policy's longest wait, for scheduling on a loaded machine: catches a runaway wait
 * only (a Retry-After of a minute waited out, a timer never cleared). 5 s was too little: a 500 ms
 * trickle took 6.9 s at a load average of 20 on 2 cores.
 */
const SLACK_MS = 20_000;
/** Timers may fire a hair early relative to performance.now(). */
const EARLY_MS = 5;

// ---- the three operations ----------------------------------------------------------------------

type OperationName = "getSftMetadata" | "getSatoshiInscriptions" | "getTransactionActivity";

interface Operation {
  name: OperationName;
  call(client: LookupClient, options?: RequestOptions): Promise<unknown>;
  /** Path and query the server must see on every attempt. */
  path: string;
  /** A valid 200 body. */
  ok: unknown;
  /** A valid ~5 MB 200 body. */
  large: { body: unknown; check(value: unknown, expect: ExpectStatic): void };
}

/** Multi-byte filler (2, 3 and 4 UTF-8 bytes), so decoding must stitch characters across chunks. */
function filler(bytes: number, seed: number): string {
  const unit = `é€😀${seed.toString(36)}•`;
  return unit.repeat(Math.floor(bytes / Buffer.byteLength(unit)));
}

const LARGE_BYTES = 5 * 1024 * 1024;
const PER_RESULT = Math.ceil(LARGE_BYTES / 60);

function largeInscriptions() {
  const ok = fixture("ordinals-sat-inscriptions-200") as { results: Array<Record<string, unknown>> };
  const template = ok.results[0] as Record<string, unknown>;
  const results = Array.from({ length: 60 }, (_, i) => ({
    ...template,
    id: `${template.tx_id as string}i${i}`,
    number: 1000 + i,
    content_type: `text/plain;x=${filler(PER_RESULT, i)}`,
  }));
  return { limit: 60, offset: 0, total: 60, results };
}

function largeActivity() {
  const ok = fixture("runes-transaction-activity-200") as { results: Array<Record<string, unknown>> };
  const template = ok.results[0] as { rune: Record<string, unknown> } & Record<string, unknown>;
  const results = Array.from({ length: 60 }, (_, i) => ({
    ...template,
    amount: String(i),
    rune: { ...template.rune, number: i, spaced_name: filler(PER_RESULT, i) },
  }));
  return { limit: 60, offset: 0, total: 60, results };
}

function pageCheck(body: { results: unknown[] }) {
  return (value: unknown, expect: ExpectStatic) => {
    const page = value as { results: unknown[] };
    expect(page.results).toHaveLength(60);
    expect(page).toStrictEqual(body);
  };
}

/** The sat of upstream's inscriptions fixture: the client checks each answer is about the sat asked. */
const SAT = (fixture("ordinals-sat-inscriptions-200") as { results: Array<{ sat_ordinal: string }> })
  .results[0]?.sat_ordinal as string;
const sftOk = fixture("tma-sft-200-valid-metadata") as { metadata: Record<string, unknown> };
const sftLarge = { ...sftOk, metadata: { ...sftOk.metadata, description: filler(LARGE_BYTES, 7) } };
const inscriptionsLarge = largeInscriptions();
const activityLarge = largeActivity();

const OPERATIONS: Operation[] = [
  {
    name: "getSftMetadata",
    call: (client, options) => client.getSftMetadata({ principal: PRINCIPAL, token_id: 35 }, options),
    path: `/metadata/v1/sft/${PRINCIPAL}/35`,
    ok: sftOk,
    large: {
      body: sftLarge,
      check: (value, expect) => {
        const description = (value as typeof sftLarge).metadata.description;
        expect(description.length).toBe(sftLarge.metadata.description.length);
        expect(value).toStrictEqual(sftLarge);
      },
    },
  },
  {
    name: "getSatoshiInscriptions",
    call: (client, options) => client.getSatoshiInscriptions({ ordinal: SAT, limit: 60 }, options),
    path: `/ordinals/v1/sats/${SAT}/inscriptions?limit=60`,
    ok: fixture("ordinals-sat-inscriptions-200"),
    large: { body: inscriptionsLarge, check: pageCheck(inscriptionsLarge) },
  },
  {
    name: "getTransactionActivity",
    call: (client, options) => client.getTransactionActivity({ tx_id: TX_ID, limit: 60 }, options),
    path: `/runes/v1/transactions/${TX_ID}/activity?limit=60`,
    ok: fixture("runes-transaction-activity-200"),
    large: { body: activityLarge, check: pageCheck(activityLarge) },
  },
];

// ---- the faults --------------------------------------------------------------------------------

/** Bounds of the backoff before retry number n + 1 (n = 0 for the first retry). */
const backoff = (n: number): [number, number] => [500 * 2 ** n, 500 * 2 ** n + Math.min(125 * 2 ** n, 1000)];
/** Sum of the backoff bounds of the first `retries` retries. */
function backoffs(retries: number): [number, number] {
  let min = 0;
  let max = 0;
  for (let n = 0; n < retries; n++) {
    const [lo, hi] = backoff(n);
    min += lo;
    max += hi;
  }
  return [min, max];
}

type Expected =
  | { type: "success"; check?: (value: unknown, expect: ExpectStatic) => void }
  | {
      type: "error";
      errorClass: typeof HiroApiError | typeof HiroNetworkError | typeof HiroTimeoutError;
      kind?: HiroApiErrorKind;
      status?: number;
      check?: (error: unknown, expect: ExpectStatic) => void;
    };

interface Fault {
  name: string;
  script: (op: Operation) => Behaviour[];
  maxRetries: number;
  timeoutMs: number;
  expected: (op: Operation) => Expected;
  attempts: number;
  /** Elapsed bounds in ms, before EARLY_MS/SLACK_MS. */
  elapsed: [number, number];
}

const apiError =
  (kind: HiroApiErrorKind, status: number, check?: (error: HiroApiError, expect: ExpectStatic) => void) =>
  (): Expected => ({
    type: "error",
    errorClass: HiroApiError,
    kind,
    status,
    ...(check ? { check: (e: unknown, expect: ExpectStatic) => check(e as HiroApiError, expect) } : {}),
  });
const invalidResponse = (bodyOf: (op: Operation) => string) => (op: Operation) =>
  apiError("invalid_response", 200, (error, expect) => {
    expect(error.body).toBe(bodyOf(op).slice(0, 1024));
  })();
const success = (op: Operation): Expected => ({
  type: "success",
  check: (value, expect) => expect(value).toStrictEqual(op.ok),
});
const ok = (op: Operation) => behave.json(200, op.ok);
const half = (op: Operation) => {
  const bytes = Buffer.from(JSON.stringify(op.ok));
  return bytes.subarray(0, Math.floor(bytes.length / 2)).toString("utf8");
};
const TRICKLE_SLOW = { bytesPerTick: 1, intervalMs: 50 };
const TRICKLE_CHUNKS = 10;
const TRICKLE_OK_TIMEOUT = ANSWER_TIMEOUT_MS;

const FAULTS: Fault[] = [
  {
    name: "none: 200 (baseline)",
    script: (op) => [ok(op)],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: success,
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "503, then 200",
    script: (op) => [behave.serviceUnavailable(), ok(op)],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: success,
    attempts: 2,
    elapsed: backoffs(1),
  },
  {
    name: "500 ×3",
    script: () => [behave.internalServerError()],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("server_error", 500, (error, expect) =>
      expect(error.body).toEqual({ error: "Internal Server Error", statusCode: 500 }),
    ),
    attempts: 3,
    elapsed: backoffs(2),
  },
  {
    name: "502 HTML page ×2",
    script: () => [behave.badGatewayHtml()],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("server_error", 502, (error, expect) => {
      expect(error.body).toBe(BAD_GATEWAY_HTML);
      expect(error.message).toContain("502 Bad Gateway");
    }),
    attempts: 2,
    elapsed: backoffs(1),
  },
  {
    name: "503 ×2",
    script: () => [behave.serviceUnavailable()],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("server_error", 503),
    attempts: 2,
    elapsed: backoffs(1),
  },
  {
    name: "504 ×2",
    script: () => [behave.gatewayTimeout()],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("server_error", 504),
    attempts: 2,
    elapsed: backoffs(1),
  },
  {
    name: "429 Retry-After: 1, then 200",
    script: (op) => [behave.rateLimitedSeconds(1), ok(op)],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: success,
    attempts: 2,
    elapsed: [1000, 1250],
  },
  {
    // The date has 1 s resolution: "now + 2 s" truncated is 1–2 s ahead when the client reads it.
    name: "429 Retry-After: <HTTP date, +2 s>, then 200",
    script: (op) => [behave.rateLimitedHttpDate(2000), ok(op)],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: success,
    attempts: 2,
    elapsed: [900, 2000],
  },
  {
    name: "429 without Retry-After ×2",
    script: () => [behave.rateLimitedNoRetryAfter()],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("rate_limited", 429, (error, expect) => expect(error.retryAfterMs).toBeUndefined()),
    attempts: 2,
    elapsed: backoffs(1),
  },
  {
    name: "429 Retry-After: 1 ×2",
    script: () => [behave.rateLimitedSeconds(1)],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("rate_limited", 429, (error, expect) => expect(error.retryAfterMs).toBe(1000)),
    attempts: 2,
    elapsed: [1000, 1250],
  },
  {
    name: "429 Retry-After: 3600 (beyond 60 s: fails fast)",
    script: () => [behave.rateLimitedSeconds(3600)],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("rate_limited", 429, (error, expect) => expect(error.retryAfterMs).toBe(3_600_000)),
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "302 to itself (a redirect loop)",
    script: (op) => [behave.raw(302, "", { location: op.path })],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: apiError("unexpected_status", 302),
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "connection reset mid-body ×2",
    script: (op) => [behave.resetMidBody(op.ok)],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: () => ({
      type: "error",
      errorClass: HiroNetworkError,
      check: (error, expect) => expect((error as Error).cause).toBeInstanceOf(Error),
    }),
    attempts: 2,
    elapsed: backoffs(1),
  },
  {
    name: "connection reset mid-body, then 200",
    script: (op) => [behave.resetMidBody(op.ok), ok(op)],
    maxRetries: 1,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: success,
    attempts: 2,
    elapsed: backoffs(1),
  },
  {
    name: "accepts, never answers ×2",
    script: () => [behave.neverAnswer()],
    maxRetries: 1,
    timeoutMs: TIMEOUT_MS,
    expected: () => ({
      type: "error",
      errorClass: HiroTimeoutError,
      check: (error, expect) => expect((error as HiroTimeoutError).timeoutMs).toBe(TIMEOUT_MS),
    }),
    attempts: 2,
    elapsed: [2 * TIMEOUT_MS + backoffs(1)[0], 2 * TIMEOUT_MS + backoffs(1)[1]],
  },
  {
    name: "truncated JSON (chunked, half the body, clean end)",
    script: (op) => [behave.truncatedJson(op.ok)],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: invalidResponse(half),
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "invalid JSON, 200",
    script: () => [behave.invalidJson()],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: invalidResponse(() => '{"limit": 20, "results": [,]'),
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "HTML page, 200, content-type text/html",
    script: () => [behave.htmlPage200()],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: invalidResponse(() => MAINTENANCE_HTML),
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "valid JSON, 200, content-type text/html",
    script: (op) => [behave.jsonAsHtml(op.ok)],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: success,
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "empty 200, content-length: 0",
    script: () => [behave.empty("content-length")],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: invalidResponse(() => ""),
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    name: "empty 200, chunked, no data",
    script: () => [behave.empty("chunked")],
    maxRetries: 2,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: invalidResponse(() => ""),
    attempts: 1,
    elapsed: [0, 0],
  },
  {
    // A generous timeout: this case is about size, not speed.
    name: "~5 MB body (multi-byte padding)",
    script: (op) => [behave.json(200, op.large.body)],
    maxRetries: 0,
    timeoutMs: ANSWER_TIMEOUT_MS,
    expected: (op) => ({ type: "success", check: op.large.check }),
    attempts: 1,
    elapsed: [0, 4_000],
  },
  {
    name: `slow body: ${TRICKLE_SLOW.bytesPerTick} byte / ${TRICKLE_SLOW.intervalMs} ms, over timeoutMs ×2`,
    script: (op) => [behave.trickle(op.ok, TRICKLE_SLOW.bytesPerTick, TRICKLE_SLOW.intervalMs)],
    maxRetries: 1,
    timeoutMs: TIMEOUT_MS,
    expected: () => ({ type: "error", errorClass: HiroTimeoutError }),
    attempts: 2,
    elapsed: [2 * TIMEOUT_MS + backoffs(1)[0], 2 * TIMEOUT_MS + backoffs(1)[1]],
  },
  {
    name: `slow body: ${TRICKLE_CHUNKS} chunks / 50 ms each, within timeoutMs (${TRICKLE_OK_TIMEOUT} ms)`,
    script: (op) => {
      const bytes = Buffer.byteLength(JSON.stringify(op.ok));
      return [behave.trickle(op.ok, Math.ceil(bytes / TRICKLE_CHUNKS), 50)];
    },
    maxRetries: 0,
    timeoutMs: TRICKLE_OK_TIMEOUT,
    expected: success,
    attempts: 1,
    // The last of the chunks is written at tick 9 or 10 (byte rounding): at least 450 ms.
    elapsed: [450, 500],
  },
];

// ---- bookkeeping: the matrix, unhandled rejections, leaked sockets ------------------------------

interface Row {
  operation: OperationName;
  fault: string;
  expected: string;
  outcome: string;
  attempts: number;
  elapsedMs: number;
  ok: boolean;
}
const rows: Row[] = [];
const unhandled: unknown[] = [];
const uncaught: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const onUncaught = (error: unknown) => uncaught.push(error);
const netHandles = () =>
  process.getActiveResourcesInfo().filter((r) => r === "TCPSocketWrap" || r === "TCPServerWrap").length;
let baselineHandles = 0;
let leakedHandles = 0;

beforeAll(() => {
  baselineHandles = netHandles();
  process.on("unhandledRejection", onUnhandled);
  process.on("uncaughtException", onUncaught);
});

function describeExpected(op: Operation, fault: Fault): string {
  const e = fault.expected(op);
  const what =
    e.type === "success"
      ? "success"
      : [e.errorClass.name, e.kind, e.status === undefined ? undefined : `(${e.status})`]
          .filter(Boolean)
          .join(" ");
  const [lo, hi] = fault.elapsed;
  const time = hi === 0 ? "" : `, ${lo}–${hi} ms`;
  return `${what}; ${fault.attempts} attempt${fault.attempts === 1 ? "" : "s"}${time}`;
}

function describeOutcome(result: { value: unknown } | { error: unknown }): string {
  if ("value" in result) return "success";
  const { error } = result;
  if (error instanceof HiroApiError) return `${error.name} ${error.kind} (${error.status})`;
  if (error instanceof Error) return error.name;
  return `non-Error rejection: ${inspect(error)}`;
}

/** Text of everything an error carries, to check that the API key is not in it. */
const errorText = (error: unknown) =>
  `${String(error)} ${JSON.stringify(error)} ${inspect(error, { showHidden: true, depth: 10 })}`;

// ---- the cases ---------------------------------------------------------------------------------

describe.concurrent("fault matrix", () => {
  for (const op of OPERATIONS) {
    for (const fault of FAULTS) {
      it(`${op.name} · ${fault.name}`, async ({ expect }) => {
        const server = await startMisbehavingServer(fault.script(op));
        const expected = fault.expected(op);
        const row: Row = {
          operation: op.name,
          fault: fault.name,
          expected: describeExpected(op, fault),
          outcome: "(did not finish)",
          attempts: 0,
          elapsedMs: 0,
          ok: false,
        };
        rows.push(row);
        let result: { value: unknown } | { error: unknown };
        try {
          const { client } = createTestClient(server, {
            apiKey: API_KEY,
            timeoutMs: fault.timeoutMs,
            maxRetries: fault.maxRetries,
          });
          const started = performance.now();
          try {
            result = { value: await op.call(client) };
          } catch (error) {
            result = { error };
          }
          row.elapsedMs = Math.round(performance.now() - started);
          row.attempts = server.attempts;
          row.outcome = describeOutcome(result);
        } finally {
          await server.close();
        }

        // Outcome.
        if (expected.type === "success") {
          expect(result, row.outcome).toHaveProperty("value");
          if ("value" in result) expected.check?.(result.value, expect);
        } else {
          expect(result, row.outcome).toHaveProperty("error");
          const error = "error" in result ? result.error : undefined;
          expect(error).toBeInstanceOf(expected.errorClass);
          if (expected.kind !== undefined) expect((error as HiroApiError).kind).toBe(expected.kind);
          if (expected.status !== undefined) expect((error as HiroApiError).status).toBe(expected.status);
          if (error instanceof HiroApiError) expect(error.url).toBe(`${server.url}${op.path}`);
          expected.check?.(error, expect);
          expect(errorText(error)).not.toContain(API_KEY);
        }

        // Attempts: each one the same GET, with the key in its header. A timed-out attempt can end before
        // this process's server has read its request (one event loop, on a busy machine): then the client's
        // own count decides, and the server may have seen one fewer.
        const timedOut =
          "error" in result && result.error instanceof HiroTimeoutError ? result.error : undefined;
        if (timedOut) {
          expect(timedOut.attempts).toBe(fault.attempts);
          expect(server.attempts).toBeGreaterThanOrEqual(fault.attempts - 1);
          expect(server.attempts).toBeLessThanOrEqual(fault.attempts);
        } else expect(server.attempts).toBe(fault.attempts);
        for (const request of server.requests) {
          expect(request.method).toBe("GET");
          expect(request.url).toBe(op.path);
          expect(request.headers["x-api-key"]).toBe(API_KEY);
        }

        // Time.
        const [lo, hi] = fault.elapsed;
        expect(row.elapsedMs).toBeGreaterThanOrEqual(lo - EARLY_MS);
        expect(row.elapsedMs).toBeLessThanOrEqual(hi + SLACK_MS);
        row.ok = true;
      });
    }
  }
});

afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  process.off("uncaughtException", onUncaught);
  // Every server was closed by its case; give the client's side of the sockets a moment to close.
  for (let waited = 0; netHandles() > baselineHandles && waited < 2_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  leakedHandles = netHandles() - baselineHandles;

  const order = (r: Row) =>
    OPERATIONS.findIndex((o) => o.name === r.operation) * 1000 + FAULTS.findIndex((f) => f.name === r.fault);
  rows.sort((a, b) => order(a) - order(b));
  const cell = (text: string | number | boolean) => String(text).replaceAll("|", "\\|");
  const table = [
    "| operation | fault | expected | outcome | attempts | elapsed ms | ok |",
    "| --- | --- | --- | --- | ---: | ---: | :---: |",
    ...rows.map(
      (r) =>
        `| ${[r.operation, r.fault, r.expected, r.outcome, r.attempts, r.elapsedMs, r.ok ? "✅" : "❌"].map(cell).join(" | ")} |`,
    ),
  ];
  const outcomes = new Map<string, number>();
  for (const r of rows) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
  const failed = rows.filter((r) => !r.ok).length;
  const summary = [
    `${FAULTS.length} faults × ${OPERATIONS.length} operations = ${rows.length} cases; ${rows.length - failed} ok, ${failed} not ok.`,
    `Outcomes: ${[...outcomes].map(([outcome, n]) => `${outcome} ×${n}`).join(", ")}.`,
    `Crashes (uncaught exceptions): ${uncaught.length}; unhandled rejections: ${unhandled.length}; leaked sockets: ${Math.max(leakedHandles, 0)}.`,
  ];
  const markdown = [
    "# Fault matrix",
    "",
    `Generated by test/faults/fault-matrix.test.ts on ${new Date().toISOString()}.`,
    `Per-attempt timeout ${TIMEOUT_MS} ms for the timeout faults, ${ANSWER_TIMEOUT_MS} ms for the others; elapsed bounds allow +${SLACK_MS} ms.`,
    "",
    ...table,
    "",
    ...summary,
    "",
  ].join("\n");
  mkdirSync(`${ROOT}reports`, { recursive: true });
  writeFileSync(`${ROOT}reports/fault-matrix.md`, markdown);

  if (unhandled.length > 0) throw new Error(`unhandled rejections: ${inspect(unhandled)}`);
  if (uncaught.length > 0) throw new Error(`uncaught exceptions: ${inspect(uncaught)}`);
  if (leakedHandles > 0) throw new Error(`${leakedHandles} sockets still open after every server closed`);
});
