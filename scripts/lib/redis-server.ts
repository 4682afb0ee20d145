/**
 * A real Redis for the gateway's tests and the bench: Debian's `redis-server`, started on a free
 * loopback port with nothing saved to disk, stopped (and restartable on the same port) by its owner.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer, Socket } from "node:net";

/** How to install Redis, for a message. */
export const REDIS_SERVER_INSTALL = "apt-get install -y redis-server";

/** Whether `redis-server` is on the PATH. */
export const hasRedisServer = (): boolean => spawnSync("redis-server", ["--version"]).status === 0;

export interface RedisServer {
  url: string;
  port: number;
  /** Stops it (SIGTERM, then SIGKILL); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`), empty. */
  restart(): Promise<void>;
}

/** A free loopback port (the OS's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once a PING on `port` gets PONG; rejects after `timeoutMs`. */
async function ready(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.setTimeout(500);
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => {
        socket.destroy();
        resolve(false);
      });
      socket.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("+PONG"));
      });
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

/** Starts `redis-server` on a free loopback port. Throws, naming the install, when it is missing. */
export async function startRedisServer(): Promise<RedisServer> {
  if (!hasRedisServer()) throw new Error(`redis-server is missing: ${REDIS_SERVER_INSTALL}`);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--protected-mode",
        "yes",
      ],
      { stdio: "ignore" },
    );
    await ready(port, 15_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    running.kill("SIGTERM");
    const timer = setTimeout(() => running.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  await launch();
  return { url: `redis://127.0.0.1:${port}`, port, stop, restart: launch };
}
