/**
 * `serve`'s process life: listening (a taken port is a refusal naming --port), the stop (SIGTERM, SIGINT or
 * SIGHUP, or the end of the process that started it), and a graceful close: stop accepting, let the requests in flight finish, close each keep-alive
 * connection as it turns idle, and close what is left after a grace period.
 */
import type { Server } from "node:http";
import { HiroValidationError } from "../../index.js";
import { watchLaunchers } from "../../mock-server/index.js";
import type { CliIo } from "../io.js";

/** How long a graceful stop waits for requests in flight before closing their connections. */
const STOP_GRACE_MS = 10_000;

/** Listens on `host:port`; a taken port is a {@link HiroValidationError} naming `flag` (--port). */
export function listen(server: Server, host: string, port: number, flag = "--port"): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new HiroValidationError(flag, `${port} on ${host} is taken; pick another (0: any free one)`)
          : error,
      ),
    );
    server.listen(port, host, resolve);
  });
}

/** Why `serve` stopped: asked (a signal, or the io's own stop in tests), or its launcher is gone. */
export type StopReason = "asked" | "launcherGone";

/**
 * Resolves on SIGTERM, SIGINT or SIGHUP (`asked`), or when the process that started `serve` is gone
 * (`launcherGone`): `npx` and npm scripts do not pass a signal on, so a process manager stopping
 * `npx hiro-lookup serve` ends npm alone and would leave the gateway holding its port. Nobody asked
 * that stop of `serve` itself: it exits 1, so a supervisor that restarts on failure restarts it.
 */
export function stopped(io: CliIo): Promise<StopReason> {
  if (io.stopSignal) return io.stopSignal.then(() => "asked");
  const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
  return new Promise((resolve) => {
    const stop = (reason: StopReason) => {
      for (const signal of signals) process.removeListener(signal, onSignal);
      unwatch();
      resolve(reason);
    };
    const onSignal = () => stop("asked");
    for (const signal of signals) process.once(signal, onSignal);
    const unwatch = watchLaunchers(() => stop("launcherGone"));
  });
}

/** Stops accepting, lets the requests in flight finish, then resolves once every connection is closed. */
export async function closeGracefully(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection turns idle once its answer is written: closed then, not after its timeout.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const grace = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(grace);
}

/** A Redis URL as the start line shows it: without its user or password. */
export function redactedRedis(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = "";
    parsed.username = "";
    return parsed.href;
  } catch {
    return "(a Redis URL)";
  }
}
