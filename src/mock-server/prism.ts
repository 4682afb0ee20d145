/**
 * The one Prism launcher: `npm start`, `npm run mock`, the contract tests and the benchmarks start Prism
 * through it. Prism is this project's devDependency (the package does not depend on it), looked up at
 * run time from the given project first, then from this one. It runs as `node …/prism-cli/dist/index.js mock`, never
 * through npx, so the PID held is the server itself; in its own process group (a terminal's Ctrl-C
 * reaches its parent, which stops the group); and it watches its parent through an IPC channel, so it
 * exits when the parent dies, even by SIGKILL. Prism takes its port itself (`--port 0`: one the OS
 * picks) and reports each port it listens on through the same channel (it listens anew after each reload
 * of its spec), so no port is handed over between a probe and Prism's own listen.
 *
 * Only the dev loop (`npm start`, `npm run mock`) and the contract tests start Prism; the mock an app
 * developer runs (`hiro-lookup mock`, `--mock`) needs none (rules-server.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { packageSpec } from "./package-spec.js";

/** The Prism release this package is tested with; the peer range admits it and newer 5.x. */
export const PRISM_VERSION = "5.14.2";
/** What to run when Prism is missing. */
export const PRISM_INSTALL_HINT = `npm i -D @stoplight/prism-cli@${PRISM_VERSION}`;
const PRISM_ENTRY = "@stoplight/prism-cli/dist/index.js";
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 3_000;
/** How much of Prism's output is kept for a start failure's message. */
const OUTPUT_KEPT = 64 * 1024;

/**
 * Preloaded into Prism: report the port of each server it listens on (`{ prismPort }`) and exit when the IPC
 * channel to the parent closes, i.e. when the parent is gone.
 */
const PRELOAD = `data:text/javascript,${encodeURIComponent(`import { Server } from "node:net";
const listen = Server.prototype.listen;
Server.prototype.listen = function (...args) {
  this.once("listening", () => {
    const address = this.address();
    if (address && typeof address === "object") process.send?.({ prismPort: address.port });
  });
  return listen.apply(this, args);
};
process.on("disconnect", () => process.exit(0));`)}`;

/** Prism's entry file, from `cwd`'s project (the user's), else from this package; undefined if neither has it. */
export function findPrism(cwd = process.cwd()): string | undefined {
  for (const base of [join(cwd, "package.json"), fileURLToPath(import.meta.url)]) {
    try {
      return createRequire(base).resolve(PRISM_ENTRY);
    } catch {} // not installed there
  }
  return undefined;
}

/** How to end a started Prism. */
export interface PrismControl {
  /** SIGTERM to its group, SIGKILL after 3 s; resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL at once, for `process.on("exit")`, where nothing async runs. */
  killNow(): void;
}

export interface PrismOptions {
  /** The OpenAPI document to mock. Default: the package's openapi.yaml. */
  specPath?: string;
  /** `0` (the default): a free one, which Prism takes itself and reports. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** The user's project: Prism is looked up there first. Default: the current directory. */
  cwd?: string;
  /** Receives every line Prism writes. */
  log?: (line: string) => void;
  /** Called as soon as Prism is spawned, before it is ready: a signal may come while it starts. */
  onSpawn?: (control: PrismControl) => void;
}

/** A Prism that answers HTTP. */
export interface RunningPrism extends PrismControl {
  /** e.g. `http://127.0.0.1:4010`, no trailing slash: where Prism listens now (a reload may move it). */
  readonly url: string;
  readonly port: number;
  process: ChildProcess;
}

/** Thrown when Prism is in neither the user's project nor this package. */
export class PrismMissingError extends Error {
  override name = "PrismMissingError";
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Starts Prism with `--errors` and resolves once it listens; rejects with its output if it exits or is not listening in 30 s. */
export async function startPrism(options: PrismOptions = {}): Promise<RunningPrism> {
  const prism = findPrism(options.cwd);
  if (!prism)
    throw new PrismMissingError(
      `needs @stoplight/prism-cli (a devDependency of this project), which is not installed: ${PRISM_INSTALL_HINT}`,
    );
  const host = options.host ?? "127.0.0.1";
  const args = [prism, "mock", options.specPath ?? packageSpec(), "--host", host];
  args.push(
    "--port",
    String(options.port ?? 0),
    "--errors",
    "-v",
    "warn",
    "--json-schema-faker-fillProperties=false",
  );
  const child = spawn(process.execPath, ["--import", PRELOAD, ...args], {
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    detached: true,
  });
  // The port Prism listens on, as it reports it (again after each reload of its spec).
  let port = 0;
  let listening: (() => void) | undefined;
  child.on("message", (message: { prismPort?: unknown }) => {
    if (typeof message?.prismPort !== "number") return;
    port = message.prismPort;
    listening?.();
  });
  child.channel?.unref(); // the channel only tells Prism we are gone and us its port; it must not keep us alive
  // Prism's output, for the message if it fails to start: its last OUTPUT_KEPT characters only, and
  // nothing once it is up (it logs ~1.5 kB per invalid request, for as long as it runs).
  let output = "";
  let ready = false;
  for (const stream of [child.stdout, child.stderr]) {
    if (stream === null) continue;
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      if (!ready) output = `${output}${line.slice(0, OUTPUT_KEPT)}\n`.slice(-OUTPUT_KEPT);
      if (line.trim() !== "") options.log?.(line);
    });
  }
  // "close" comes after "exit" once stdout/stderr are drained, so `output` is complete by then.
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      child.kill(signal); // the group is gone already
    }
  };
  const killNow = (): void => {
    if (!hasExited(child)) signalGroup("SIGKILL");
  };
  process.once("exit", killNow);
  void exited.then(() => process.removeListener("exit", killNow));

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (hasExited(child)) return;
      signalGroup("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(timer); // an uncleared grace timer would keep the process alive for 3 s
      killNow();
      await exited;
    })();
    return stopping;
  };
  options.onSpawn?.({ stop, killNow });

  const origin = `http://${host.includes(":") ? `[${host}]` : host}`;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    new Promise<"listening">((resolve) => {
      listening = () => resolve("listening");
      if (port !== 0) listening();
    }),
    exited.then(() => "exited" as const),
    new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), READY_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  listening = undefined;
  if (outcome === "exited")
    throw new Error(`Prism exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
  if (outcome === "late") {
    await stop();
    throw new Error(`Prism not listening after ${READY_TIMEOUT_MS} ms:\n${output}`);
  }
  ready = true;
  output = "";
  return {
    get url() {
      return `${origin}:${port}`;
    },
    get port() {
      return port;
    },
    process: child,
    stop,
    killNow,
  };
}
