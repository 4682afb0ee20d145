/**
 * The one Prism launcher (Node), for the CLI's `--mock` and `hiro-lookup mock`, `npm start`,
 * `npm run mock` and the tests. Prism is an optional peer dependency: {@link findPrism} looks it up
 * from the user's project first, then from this package.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The Prism release this package is tested with; the peer range admits it and newer 5.x. */
export const PRISM_VERSION = "5.14.2";
/** What to run when Prism is missing. */
export const PRISM_INSTALL_HINT = `npm i -D @stoplight/prism-cli@${PRISM_VERSION}`;
const PRISM_ENTRY = "@stoplight/prism-cli/dist/index.js";

/** Prism's entry file, from `cwd`'s project (the user's), else from this package; undefined if neither has it. */
export function findPrism(cwd = process.cwd()): string | undefined {
  for (const base of [join(cwd, "package.json"), fileURLToPath(import.meta.url)]) {
    try {
      return createRequire(base).resolve(PRISM_ENTRY);
    } catch {} // not installed there
  }
  return undefined;
}

/** openapi.yaml at the package root: one level above dist/cli.js, two above src/mock/prism.ts. */
export function packageSpec(): string {
  const found = ["../openapi.yaml", "../../openapi.yaml"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((path) => existsSync(path));
  if (!found) throw new Error("openapi.yaml is missing from the hiro-lookup package");
  return found;
}
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 3_000;
/**
 * Preloaded into Prism: exit when the IPC channel to its parent closes, so Prism dies with the
 * process that started it, even one killed by SIGKILL.
 */
const EXIT_WITH_PARENT = `data:text/javascript,${encodeURIComponent(
  'process.on("disconnect", () => process.exit(0));',
)}`;

export interface PrismOptions {
  /** Port to listen on; `0` picks a free one. Default: env `HIRO_MOCK_PORT`, else 4010. */
  port?: number;
  /** Host to bind and to put in `url`. Default `127.0.0.1`. */
  host?: string;
  /** OpenAPI document to mock. Default: the package's `openapi.yaml`. */
  specPath?: string;
  /** Prism's entry file. Default: {@link findPrism} from the current directory. */
  prismEntry?: string;
  /** Dynamic mode (`-d`): bodies generated from the schemas instead of the named examples. */
  dynamic?: boolean;
  /** Seed for dynamic mode, for repeatable bodies. */
  seed?: number;
  /** Receives every line Prism writes to stdout or stderr. */
  log?: (line: string) => void;
}

export interface RunningPrism {
  /** Base URL, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  port: number;
  /** SIGTERM, then SIGKILL after 3 s. Idempotent; resolves once the process has exited. */
  stop(): Promise<void>;
  process: ChildProcess;
}

/**
 * Binds `host:port` briefly and returns the bound port: with `port` 0 the OS picks a free one; with a
 * fixed port it rejects when the port is taken (otherwise the readiness poll could reach another server).
 */
export function bindablePort(host = "127.0.0.1", port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (err: NodeJS.ErrnoException) => {
      const hint = port === 0 ? "" : ` Stop what holds it, or choose another port: HIRO_MOCK_PORT=<port>.`;
      reject(new Error(`Cannot use ${host}:${port} for Prism (${err.code ?? err.message}).${hint}`));
    });
    server.listen(port, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts a Prism 5 mock server of the spec as a child process (`node …/prism-cli/dist/index.js mock`,
 * never through npx, so the PID we hold is the server itself) with `--errors`, and resolves once it
 * answers HTTP. Rejects, with Prism's output, if it exits early or is not ready within 30 s.
 * Prism runs in its own process group, killed as a group; it also exits when this process exits or
 * dies, so no orphan is left listening.
 *
 * @example
 * const prism = await startPrism({ port: 0 });
 * await fetch(`${prism.url}/ordinals/v1/sats/1252201400444387/inscriptions`);
 * await prism.stop();
 */
export async function startPrism(options: PrismOptions = {}): Promise<RunningPrism> {
  const host = options.host ?? "127.0.0.1";
  const envPort = process.env.HIRO_MOCK_PORT;
  const wanted = options.port ?? (envPort ? Number(envPort) : 4010);
  if (!Number.isInteger(wanted) || wanted < 0 || wanted > 65_535) throw new Error(`Invalid port: ${wanted}`);
  const port = await bindablePort(host, wanted);
  const entry = options.prismEntry ?? findPrism();
  if (entry === undefined) throw new Error(`Prism is not installed: ${PRISM_INSTALL_HINT}`);
  const args = [entry, "mock", options.specPath ?? packageSpec(), "--host", host, "--port", String(port)];
  args.push("--errors", "-v", "warn", "--json-schema-faker-fillProperties=false");
  if (options.dynamic) args.push("-d");
  if (options.seed !== undefined) args.push("--seed", String(options.seed));

  // Own process group (detached): a terminal's Ctrl-C reaches us, not Prism, and we stop the whole
  // group; the IPC channel lets Prism notice when we are gone.
  const child = spawn(process.execPath, ["--import", EXIT_WITH_PARENT, ...args], {
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    detached: true,
  });
  child.channel?.unref();
  let output = "";
  for (const stream of [child.stdout, child.stderr].filter((s) => s !== null)) {
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      output += `${line}\n`;
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
  const killOnExit = (): void => signalGroup("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.removeListener("exit", killOnExit));

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (hasExited(child)) return;
      signalGroup("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        exited,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(timer); // an uncleared grace timer would keep vitest alive for 3 s
      if (!hasExited(child)) signalGroup("SIGKILL");
      await exited;
    })();
    return stopping;
  };

  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (hasExited(child)) {
      await exited;
      throw new Error(`Prism exited early (code ${child.exitCode}, signal ${child.signalCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/__ready`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer(); // any HTTP answer (a 404 problem+json here) means it is listening
      return { url, port, stop, process: child };
    } catch {} // not listening yet
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Prism not ready on ${url} after ${READY_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 100));
  }
}
