/**
 * The `refusals` check of `npm run test:runtimes`: the gateway served by each runtime's own server (Node's
 * `hiro-lookup serve`, `Bun.serve`, `Deno.serve`, workerd), probed from outside over real HTTP, as a
 * caller would: a lookup answers 200; a target over 8 KiB gets 414; a GET that sends a body (which
 * fetch will not send) gets 413; a burst past the per-caller limit (1 a second) gets 429 with
 * `Retry-After`; `/healthz` answers 200 `{ status: "up", upstream: "ok", redis: "none" }`. Where the
 * fixture can count them (test/runtimes/refusals-gateway.mjs), no request came without a caller key:
 * the host's own key (Bun's, Deno's) or the Worker's `cf-connecting-ip` was read.
 */
import { spawn } from "node:child_process";
import { type IncomingHttpHeaders, request } from "node:http";
import type { CheckResult } from "./runtime-data.js";

const START_TIMEOUT_MS = 30_000;

/** A process that serves on a port it printed. */
export interface Listening {
  port: number;
  stop(): void;
}

/**
 * Starts `binary args` in `cwd` and resolves once `portOf(stdout so far)` finds the port it listens on;
 * rejects with what it printed if it exits first or takes longer than 30 s.
 */
export function startListening(
  binary: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  portOf: (stdout: string) => number | undefined,
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let stdout = "";
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${why}: ${output.trim().split("\n").slice(-8).join("\n")}`));
    };
    const timer = setTimeout(() => fail("no port within 30 s"), START_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      output += chunk;
      const port = portOf(stdout);
      if (port === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve({ port, stop: () => child.kill("SIGKILL") });
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.once("error", (error) => fail(error.message));
    child.once("exit", (code, signal) => fail(`exited ${code ?? signal} before listening`));
  });
}

/** The port of a `{"port":N}` line. */
export const jsonPort = (stdout: string): number | undefined => {
  for (const line of stdout.split("\n")) {
    try {
      const port = (JSON.parse(line) as { port?: unknown }).port;
      if (typeof port === "number") return port;
    } catch {}
  }
  return undefined;
};

/** The port of `serve`'s start line. */
export const servePort = (stdout: string): number | undefined => {
  const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
  return port === undefined ? undefined : Number(port);
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP/1.1 request to 127.0.0.1:`port` (a GET may carry `body`, as fetch will not send it). */
function send(port: number, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, path, method: "GET", headers, timeout: 20_000 });
    sent.once("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk));
      response.once("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
      response.once("error", reject);
    });
    sent.once("timeout", () => sent.destroy(new Error(`GET ${path.slice(0, 60)} timed out`)));
    sent.once("error", reject);
    sent.end(body);
  });
}

/** Where to probe, and how. */
export interface RefusalsTarget {
  port: number;
  /** The gateway's basePath ("" or the Worker's "/gateway"). */
  prefix: string;
  /** Headers every request carries (the Worker's x-upstream and cf-connecting-ip). */
  headers?: Record<string, string>;
  /** Whether the fixture answers its count of keyless requests (not `serve`). */
  countsKeyless: boolean;
  /** The lookup's path: `/metadata/v1/sft/<principal>/<token id>`. */
  lookup: string;
}

/** Probes the gateway at `target`: one {@link CheckResult} named `refusals`. */
export async function probeRefusals(target: RefusalsTarget): Promise<CheckResult> {
  const started = Date.now();
  const result = (ok: boolean, detail: string): CheckResult => ({
    check: "refusals",
    ok,
    detail,
    ms: Date.now() - started,
  });
  const headers = target.headers ?? {};
  const at = (path: string, body?: string, extra: Record<string, string> = {}) =>
    send(target.port, `${target.prefix}${path}`, { ...headers, ...extra }, body);
  try {
    const first = await at(target.lookup);
    if (first.status !== 200)
      return result(false, `the lookup answered ${first.status}: ${first.body.slice(0, 200)}`);
    const long = await at(`${target.lookup}?x=${"a".repeat(8_300)}`);
    // The gateway's own refusals (their messages), not the runtime's.
    if (long.status !== 414 || !long.body.includes("the request target is too long"))
      return result(
        false,
        `a 8.3 KiB target got ${long.status}, not the gateway's 414: ${long.body.slice(0, 200)}`,
      );
    const withBody = await at(target.lookup, "hello", { "content-length": "5" });
    if (withBody.status !== 413 || !withBody.body.includes("requests have no body"))
      return result(
        false,
        `a GET with a body got ${withBody.status}, not the gateway's 413: ${withBody.body.slice(0, 200)}`,
      );
    const health = await at("/healthz");
    const healthBody = health.body.slice(0, 200);
    if (health.status !== 200 || healthBody !== '{"status":"up","upstream":"ok","redis":"none"}')
      return result(false, `/healthz answered ${health.status} ${healthBody}`);
    // 10 at once against 1 a second: the first lookup spent the second's request.
    const burst = await Promise.all(Array.from({ length: 10 }, () => at(target.lookup)));
    const limited = burst.filter((answer) => answer.status === 429);
    const others = burst.filter((answer) => answer.status !== 429 && answer.status !== 200);
    if (limited.length === 0 || others.length > 0)
      return result(false, `a burst of 10 got ${burst.map((answer) => answer.status).join(",")}`);
    const retryAfter = Number(limited[0]?.headers["retry-after"]);
    if (!(retryAfter >= 1))
      return result(false, `a 429 without Retry-After (${String(limited[0]?.headers["retry-after"])})`);
    let keyless = "";
    if (target.countsKeyless) {
      const count = JSON.parse((await at("/__keyless")).body) as { keyless?: unknown };
      if (count.keyless !== 0)
        return result(false, `the gateway saw no caller key (${String(count.keyless)} lines)`);
      keyless = "; the host's caller key read";
    }
    return result(
      true,
      `414 long target, 413 body on GET, ${limited.length}/10 429 (Retry-After ${retryAfter}), /healthz 200${keyless}`,
    );
  } catch (error) {
    return result(false, `probe failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Starts a server with `start`, probes it as `target` says, and stops it: the run's one result. */
export async function runRefusals(
  start: () => Promise<Listening>,
  target: Omit<RefusalsTarget, "port">,
): Promise<{ results: CheckResult[] }> {
  const listening = await start();
  try {
    return { results: [await probeRefusals({ ...target, port: listening.port })] };
  } finally {
    listening.stop();
  }
}
