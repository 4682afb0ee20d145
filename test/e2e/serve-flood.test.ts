/**
 * `hiro-lookup serve` as a process against callers that open connections and send nothing: an idle
 * connection is closed, a flood past the open-file limit is capped (lookups on open connections go on),
 * the process stays up through it and answers after, and a stop nobody asked for exits non-zero.
 */
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliCommand } from "../helpers/cli-process.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { type ServeProcess, startServeProcess } from "../helpers/serve-process.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { ROOT } from "../helpers/spec.js";
import { upstreamFixtureText } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixtureText("tma-sft-200-valid-metadata");
let upstream: SmallServer;

beforeAll(async () => {
  upstream = await serveWith(
    () => new Response(TOKEN, { headers: { "content-type": "application/json", etag: '"1"' } }),
  );
});
afterAll(async () => {
  await upstream?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const target = (id: number) => `/metadata/v1/sft/${PRINCIPAL}/${id}`;

/** GET `path` on `agent`'s one keep-alive connection: the status, or the error's code. */
function getOn(agent: Agent, url: string, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    req.setTimeout(5_000, () => req.destroy(new Error("no answer within 5 s")));
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** `count` connections to `url` that send nothing, opened `batch` at a time (errors ignored). */
async function idleSockets(url: string, count: number, batch = 50): Promise<Socket[]> {
  const { hostname, port } = new URL(url);
  const sockets: Socket[] = [];
  for (let opened = 0; opened < count; opened += batch) {
    await Promise.all(
      Array.from(
        { length: Math.min(batch, count - opened) },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(port), hostname, () => resolve());
            socket.on("error", () => resolve());
            socket.on("close", () => resolve());
            sockets.push(socket);
          }),
      ),
    );
  }
  return sockets;
}

async function stop(serve: ServeProcess): Promise<number | string> {
  serve.child.kill("SIGTERM");
  const code = await Promise.race([serve.exited, sleep(15_000).then(() => "still running")]);
  serve.child.kill("SIGKILL");
  return code;
}

describe("serve against idle connections", () => {
  it("closes a connection that sends nothing within about 10 s", async () => {
    const serve = await startServeProcess(["--base-url", upstream.url]);
    try {
      const [socket] = await idleSockets(serve.url, 1);
      const started = Date.now();
      const closedAfter = await Promise.race([
        new Promise<number>((resolve) => socket?.once("close", () => resolve(Date.now() - started))),
        sleep(25_000).then(() => Number.POSITIVE_INFINITY),
      ]);
      socket?.destroy();
      console.log(`an idle connection closed after ${closedAfter} ms`);
      expect(closedAfter).toBeLessThan(25_000);
      expect(closedAfter).toBeGreaterThanOrEqual(9_000);
    } finally {
      expect(await stop(serve)).toBe(0);
    }
  }, 45_000);

  it("cuts a head sent slowly (a byte every 2 s) after its 10 s, not Node's 30 s check", async () => {
    const serve = await startServeProcess(["--base-url", upstream.url]);
    try {
      const [socket] = await idleSockets(serve.url, 1);
      let open = true;
      let closedAfter = Number.POSITIVE_INFINITY;
      const started = Date.now();
      socket?.once("close", () => {
        open = false;
        closedAfter = Date.now() - started;
      });
      socket?.write("GET /metadata/v1/ HTTP/1.1\r\nHost: x\r\n");
      for (let i = 0; i < 12 && open; i++) {
        socket?.write("X-Slow: 1\r\n");
        await sleep(2_000);
      }
      socket?.destroy();
      console.log(`a slow head was cut after ${closedAfter} ms (or more)`);
      expect(closedAfter).toBeLessThan(20_000);
    } finally {
      expect(await stop(serve)).toBe(0);
    }
  }, 45_000);

  it("under `ulimit -n 256`, 300 idle connections: lookups on an open connection go on, the process stays up and answers after", async () => {
    const serve = await startServeProcess(["--base-url", upstream.url], [], "ulimit -n 256");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let flood: Socket[] = [];
    try {
      expect(await getOn(agent, serve.url, target(1))).toBe(200);
      flood = await idleSockets(serve.url, 300);
      await sleep(1_500); // the launcher watch looks every 300 ms
      expect(serve.running(), `serve exited: ${serve.stderr()}`).toBe(true);
      // The open connection goes on: a kept answer needs no new descriptor.
      expect(await getOn(agent, serve.url, target(1))).toBe(200);
      for (const socket of flood) socket.destroy();
      flood = [];
      await sleep(500);
      expect(serve.running(), `serve exited: ${serve.stderr()}`).toBe(true);
      const after = await fetch(`${serve.url}${target(2)}`);
      expect(after.status).toBe(200);
      expect(await after.text()).toBe(TOKEN);
    } finally {
      for (const socket of flood) socket.destroy();
      agent.destroy();
      expect(await stop(serve)).toBe(0);
    }
  }, 45_000);

  it("out of descriptors (the cap above `ulimit -n 128`): accept fails, the launcher is not taken for gone, and it answers after", async () => {
    const serve = await startServeProcess(
      ["--base-url", upstream.url],
      ["--max-connections", "1000"],
      "ulimit -n 128",
    );
    let flood: Socket[] = [];
    try {
      flood = await idleSockets(serve.url, 200);
      await sleep(1_500);
      expect(serve.running(), `serve exited: ${serve.stderr()}`).toBe(true);
      for (const socket of flood) socket.destroy();
      flood = [];
      await sleep(500);
      expect((await fetch(`${serve.url}${target(3)}`)).status).toBe(200);
    } finally {
      for (const socket of flood) socket.destroy();
      expect(await stop(serve)).toBe(0);
    }
  }, 45_000);

  it("exits non-zero when its launcher is gone (a stop nobody asked for)", async () => {
    // npm → sh → serve, as `npx hiro-lookup serve` runs: the "npm" ends alone (npm passes no signal on);
    // the sh in the middle stays, so it can tell serve's exit code.
    const [node, ...rest] = cliCommand(["--base-url", upstream.url, "serve", "--port", "0"]);
    const quoted = [node, ...rest].map((arg) => `'${arg}'`).join(" ");
    const inner = `${quoted}; echo "serve-exit=$?" >&2`;
    const child = spawn("/bin/bash", ["-c", `exec -a npm /bin/bash -c "$0" & wait`, `(${inner}) & wait`], {
      cwd: ROOT,
      env: { ...process.env, npm_lifecycle_event: "npx", HIRO_API_KEY: "", HIRO_LOG: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data) => {
      stdout += data;
    });
    child.stderr.on("data", (data) => {
      stderr += data;
    });
    try {
      for (let i = 0; i < 200 && !stdout.includes("listening on"); i++) await sleep(50);
      expect(stdout).toContain("listening on");
      const npm = Number(
        (await new Promise<string>((resolve) => {
          const ps = spawn("pgrep", ["-P", String(child.pid)]);
          let out = "";
          ps.stdout.on("data", (data) => {
            out += data;
          });
          ps.on("exit", () => resolve(out.trim()));
        })) || Number.NaN,
      );
      expect(npm).toBeGreaterThan(1);
      process.kill(npm, "SIGKILL");
      for (let i = 0; i < 200 && !/serve-exit=\d/.test(stderr); i++) await sleep(50);
      expect(stderr).toMatch(/serve-exit=1\b/);
      expect(stderr).toContain("its launcher is gone");
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});
