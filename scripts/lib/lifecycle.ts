/**
 * Lifetime of the long-running dev scripts (`npm start`, `npm run mock`): one cleanup on
 * SIGINT/SIGTERM/SIGHUP or when the process tree above us dies, and fixed ports that fail loudly.
 *
 * Why the ancestor watch (`watchLaunchers`, shared with the CLI's mock): `kill -TERM <npm pid>` (an IDE
 * stop button) ends npm alone; npm does not pass the signal on, so tsx and this script would live on,
 * holding the ports.
 */
import type { Server } from "node:net";
import { watchLaunchers } from "../../src/mock-server/index.js";

/** A fixed port another process holds; the message names the port and the variable that moves it. */
export class PortTakenError extends Error {
  override name = "PortTakenError";
}

/** The port in `envVar`, else `fallback`. `0` (any free port) is allowed, for tests. */
export function portFromEnv(envVar: string, fallback: number): number {
  const raw = process.env[envVar];
  const port = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${envVar} must be a port number (0-65535), got ${JSON.stringify(raw)}`);
  return port;
}

/** Listens on `host:port`; a taken port rejects with a {@link PortTakenError} naming `envVar`. */
export function listen(server: Server, port: number, host: string, what: string, envVar: string) {
  return new Promise<number>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      if (error.code !== "EADDRINUSE" && error.code !== "EACCES") return reject(error);
      reject(
        new PortTakenError(
          `${what}: port ${port} on ${host} is not available (${error.code}). Stop the process that ` +
            `holds it (e.g. an earlier npm start), or choose another port: ${envVar}=<port>.`,
        ),
      );
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}

/**
 * Runs `cleanup` once on SIGINT, SIGTERM or SIGHUP, or when a launcher above us dies (polled), then exits: 0 for a signal, 1 for an orphaned tree. Returns a function that runs the
 * same cleanup with a given exit code (for errors).
 */
export function onStop(cleanup: (reason: string) => Promise<void>): (code: number, reason: string) => void {
  let stopping = false;
  const stop = (code: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    unwatch();
    // A stuck cleanup must not keep the ports: exit anyway after 5 s.
    setTimeout(() => process.exit(code), 5_000).unref();
    void cleanup(reason)
      .catch((error: unknown) => process.stderr.write(`cleanup failed: ${String(error)}\n`))
      .finally(() => process.exit(code));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(0, signal));
  const unwatch = watchLaunchers(() => stop(1, "the process that started us is gone"));
  return stop;
}
