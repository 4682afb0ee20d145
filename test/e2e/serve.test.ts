/**
 * `hiro-lookup serve` as a process: its start line, the spec's routes through it (the key upstream only),
 * /healthz and /metrics, the limits against callers, and SIGTERM with requests in flight (on Redis).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../scripts/lib/redis-server.js";
import { cliCommand, runCliProcess } from "../helpers/cli-process.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { ROOT } from "../helpers/spec.js";
import { upstreamFixtureText } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixtureText("tma-sft-200-valid-metadata");
const KEY = "team-key-0123456789";
let upstream: SmallServer;
let upstreamUrl: string;
let redis: RedisServer;
const seen: IncomingHttpHeaders[] = [];
let delayMs = 0;

/** Waits `delayMs`, then answers as the service does, with a cookie the gateway must not pass on. */
const answerLater = async (): Promise<Response> => {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return new Response(TOKEN, {
    headers: { "content-type": "application/json", etag: '"7"', "set-cookie": "s=1" },
  });
};

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await serveWith((_path, request) => {
    seen.push(request.headers);
    return answerLater();
  });
  upstreamUrl = upstream.url;
}, 60_000);

afterAll(async () => {
  await redis?.stop();
  await upstream?.close();
});

interface Running {
  child: ChildProcess;
  url: string;
  startLine: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `hiro-lookup <args> serve --port 0 <serveArgs>` and waits for its start line. `launcher`: under
 * a shell that stays its parent and, like npm, does not pass a signal on (as `npx hiro-lookup serve` runs).
 */
async function startServe(args: string[], serveArgs: string[] = [], launcher = false): Promise<Running> {
  const [node, ...rest] = cliCommand([...args, "serve", "--port", "0", ...serveArgs]);
  // `; true` keeps sh from exec-ing the CLI in its place: sh stays the CLI's parent.
  const [command, commandArgs] = launcher
    ? ["/bin/sh", ["-c", '"$0" "$@"; true', node, ...rest]]
    : [node, rest];
  const env = {
    ...process.env,
    HIRO_API_KEY: "",
    HIRO_LOG: "",
    ...(launcher ? { npm_lifecycle_event: "npx" } : {}),
  };
  const child = spawn(command, commandArgs, { cwd: ROOT, env });
  let stdout = "";
  let stderr = "";
  child.stderr?.on("data", (data) => {
    stderr += data;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const startLine = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (data) => {
      stdout += data;
      const line = stdout.split("\n").find((l) => l.includes("listening on"));
      if (line) resolve(line);
    });
    child.once("exit", () => reject(new Error(`serve exited: ${stderr}`)));
  });
  const url = /listening on (http:\/\/\S+?);/.exec(startLine)?.[1] ?? "";
  return { child, url, startLine, stderr: () => stderr, exited };
}

describe("hiro-lookup serve", () => {
  it("stops when the process that started it ends alone (npx's npm does not pass SIGTERM on)", async () => {
    const serve = await startServe(["--base-url", upstreamUrl], [], true);
    try {
      expect((await fetch(`${serve.url}/healthz`)).status).toBe(200);
      serve.child.kill("SIGTERM"); // the shell ends alone: the CLI is left an orphan, as npx's npm leaves it
      await serve.exited;
      let reachable = true;
      for (let i = 0; i < 200 && reachable; i++) {
        reachable = await fetch(`${serve.url}/healthz`).then(
          () => true,
          () => false,
        );
        if (reachable) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(reachable, "serve still answers after its launcher ended").toBe(false);
    } finally {
      serve.child.kill("SIGKILL");
    }
  }, 60_000);

  it("says where it listens, which upstreams and which store; serves the spec's routes with the key upstream only", async () => {
    const serve = await startServe(["--base-url", upstreamUrl, "--api-key", KEY]);
    try {
      expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(serve.startLine).toContain(`metadata ${upstreamUrl}`);
      expect(serve.startLine).toContain("store: memory");
      expect(serve.startLine).not.toContain(KEY);
      const response = await fetch(`${serve.url}/metadata/v1/sft/${PRINCIPAL}/35`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(TOKEN);
      expect(response.headers.get("etag")).toBe('"7"');
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(seen.at(-1)?.["x-api-key"]).toBe(KEY);
      expect((await fetch(`${serve.url}/extended/v1/status`)).status).toBe(404);
      expect((await fetch(`${serve.url}/metadata/v1/sft/${PRINCIPAL}/35`, { method: "POST" })).status).toBe(
        405,
      );
      const health = await fetch(`${serve.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "up", upstream: "ok", redis: "none" });
      const metrics = await (await fetch(`${serve.url}/metrics`)).text();
      expect(metrics).toMatch(/hiro_gateway_requests_total\{route="getSftMetadata",status="200"\} 1/);
      expect(metrics).toMatch(
        /hiro_gateway_upstream_requests_total\{operation="getSftMetadata",status="200"\} 1/,
      );
      const tooLong = await fetch(`${serve.url}/metadata/v1/ft?name=${"a".repeat(9_000)}`);
      expect(tooLong.status).toBe(414);
      const withBody = await fetch(`${serve.url}/metadata/v1/`, {
        method: "GET",
        headers: { "content-length": "5" },
        body: null,
      });
      expect([200, 413]).toContain(withBody.status);
    } finally {
      serve.child.kill("SIGTERM");
      expect(await serve.exited).toBe(0);
    }
  });

  it("limits each caller IP when asked (--per-ip): 429 with Retry-After", async () => {
    const serve = await startServe(["--base-url", upstreamUrl], ["--per-ip", "2"]);
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${serve.url}/metadata/v1/sft/${PRINCIPAL}/35`);
        statuses.push(response.status);
        if (response.status === 429) expect(response.headers.get("retry-after")).toBe("1");
      }
      expect(statuses.slice(0, 2)).toEqual([200, 200]);
      expect(statuses).toContain(429);
    } finally {
      serve.child.kill("SIGTERM");
      await serve.exited;
    }
  });

  it("refuses a body on a lookup unread (413), keeps /healthz outside --per-ip, and serves /metrics on --metrics-port alone", async () => {
    const serve = await startServe(["--base-url", upstreamUrl], ["--per-ip", "2", "--metrics-port", "0"]);
    try {
      const metricsUrl = /metrics: (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(serve.startLine)?.[1];
      expect(metricsUrl, serve.startLine).toBeDefined();
      // A GET with a body, as fetch will not send one.
      const withBody = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = httpRequest(`${serve.url}/metadata/v1/`, {
          method: "GET",
          headers: { "content-length": "5" },
        });
        sent.once("response", (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.once("end", () => resolve({ status: response.statusCode ?? 0, body }));
        });
        sent.once("error", reject);
        sent.end("hello");
      });
      expect(withBody.status).toBe(413);
      expect(JSON.parse(withBody.body)).toMatchObject({ message: "requests have no body" });
      // On the main port /metrics is no route; the caller's two requests of the second are spent.
      expect((await fetch(`${serve.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${serve.url}/metadata/v1/sft/${PRINCIPAL}/35`)).status).toBe(200);
      const limited = await fetch(`${serve.url}/metadata/v1/sft/${PRINCIPAL}/35`);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("1");
      expect((await fetch(`${serve.url}/healthz`)).status).toBe(200);
      const metrics = await fetch(metricsUrl ?? "");
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/hiro_gateway_requests_total\{route="ip_limited",status="429"\} 1/);
      expect(text).toMatch(/hiro_gateway_requests_total\{route="body_refused",status="413"\} 1/);
      expect((await fetch(`${new URL(metricsUrl ?? "").origin}/healthz`)).status).toBe(404);
    } finally {
      serve.child.kill("SIGTERM");
      expect(await serve.exited).toBe(0);
    }
  });

  it("on SIGTERM with requests in flight: finishes them, closes Redis, exits 0", async () => {
    const serve = await startServe(["--base-url", upstreamUrl], ["--redis", redis.url]);
    expect(serve.startLine).toContain(`store: memory + Redis redis://127.0.0.1:${redis.port}`);
    delayMs = 500;
    try {
      const inFlight = Array.from({ length: 6 }, (_, i) =>
        fetch(`${serve.url}/metadata/v1/sft/${PRINCIPAL}/${500 + i}`),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      serve.child.kill("SIGTERM");
      const responses = await Promise.all(inFlight);
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await serve.exited).toBe(0);
      expect(serve.stderr()).toContain("stopped");
      await expect(fetch(`${serve.url}/healthz`)).rejects.toThrow();
    } finally {
      delayMs = 0;
      serve.child.kill("SIGKILL");
    }
  });

  it("two processes on one Redis share the cache: what one asked, the other serves without asking", async () => {
    const [a, b] = [
      await startServe(["--base-url", upstreamUrl], ["--redis", redis.url]),
      await startServe(["--base-url", upstreamUrl], ["--redis", redis.url]),
    ];
    try {
      const before = seen.length;
      expect((await fetch(`${a.url}/metadata/v1/sft/${PRINCIPAL}/900`)).status).toBe(200);
      const fromB = await fetch(`${b.url}/metadata/v1/sft/${PRINCIPAL}/900`);
      expect(fromB.status).toBe(200);
      expect(await fromB.text()).toBe(TOKEN);
      expect(seen.length - before).toBe(1);
      const health = await (await fetch(`${b.url}/healthz`)).json();
      expect(health).toMatchObject({ status: "up", redis: "ok" });
    } finally {
      for (const serve of [a, b]) serve.child.kill("SIGTERM");
      expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    }
  });

  it("refuses --redis without a redis:// URL and --mock, and its help has examples", async () => {
    const bad = await runCliProcess(["serve", "--redis", "http://127.0.0.1:1"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--redis: must be a redis:// or rediss:// URL");
    const mock = await runCliProcess(["--mock", "serve"]);
    expect(mock.code).toBe(2);
    expect(mock.stderr).toContain("--mock: is not for serve");
    const metricsHost = await runCliProcess(["serve", "--metrics-host", "0.0.0.0"]);
    expect(metricsHost.code).toBe(2);
    expect(metricsHost.stderr).toContain("--metrics-host: needs --metrics-port");
    const help = await runCliProcess(["serve", "--help"]);
    expect(help.stdout).toContain("Examples:");
    expect(help.stdout).toContain("--cors-origin");
    expect(help.stdout).toContain("--fresh <ms>");
    expect(help.stdout).toContain("--metrics-port <port>");
  });
});
