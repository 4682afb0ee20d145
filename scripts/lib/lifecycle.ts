/**
 * Lifetime of the long-running dev scripts (`npm start`, `npm run mock`): one cleanup on
 * SIGINT/SIGTERM/SIGHUP or when the process tree above us dies, and fixed ports that fail loudly.
 *
 * Why the ancestor watch: `kill -TERM <npm pid>` (an IDE stop button) ends npm alone; npm does not
 * pass the signal on, so tsx and this script would live on, holding the ports.
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:net";

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

/** Parent pid of `pid` from /proc (Linux), `undefined` when the process is gone or /proc is absent. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function isNpm(pid: number): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    // npm sets its process title ("npm start", "npm run mock"); else argv holds npm-cli.js.
    return argv.some((arg) => /^npm( |$)|(^|\/)npm(-cli\.js)?$/.test(arg));
  } catch {
    return false;
  }
}

/**
 * The launchers above us, each with its parent at start: up to npm when run by an npm script
 * (npm → sh → tsx → us), else our direct parent only. If any of them dies or is re-parented, the
 * tree was stopped from above.
 */
function launchers(): Array<{ pid: number; ppid: number | undefined }> {
  const chain = [{ pid: process.ppid, ppid: parentOf(process.ppid) }];
  if (!process.env.npm_lifecycle_event) return chain;
  for (let depth = 0; depth < 4; depth++) {
    const last = chain[chain.length - 1];
    if (last === undefined || isNpm(last.pid) || last.ppid === undefined || last.ppid <= 1) return chain;
    chain.push({ pid: last.ppid, ppid: parentOf(last.ppid) });
  }
  return chain.slice(0, 1); // no npm found close above: watch the direct parent only
}

/**
 * Runs `cleanup` once on SIGINT, SIGTERM or SIGHUP, or when a launcher above us dies (polled every
 * 300 ms), then exits: 0 for a signal, 1 for an orphaned tree. Returns a function that runs the
 * same cleanup with a given exit code (for errors).
 */
export function onStop(cleanup: (reason: string) => Promise<void>): (code: number, reason: string) => void {
  let stopping = false;
  const stop = (code: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(watch);
    // A stuck cleanup must not keep the ports: exit anyway after 5 s.
    setTimeout(() => process.exit(code), 5_000).unref();
    void cleanup(reason)
      .catch((error: unknown) => process.stderr.write(`cleanup failed: ${String(error)}\n`))
      .finally(() => process.exit(code));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(0, signal));
  const initialParent = process.ppid;
  const chain = process.platform === "linux" ? launchers() : [];
  const watch = setInterval(() => {
    const gone =
      process.ppid !== initialParent ||
      chain.some(({ pid, ppid }) => ppid !== undefined && parentOf(pid) !== ppid);
    if (gone) stop(1, "the process that started us is gone");
  }, 300);
  watch.unref();
  return stop;
}
