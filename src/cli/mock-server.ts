/**
 * `--mock`: a Prism mock of the package's own openapi.yaml, as a child process of the CLI, behind the
 * mock's front (it answers about the question asked: any valid id gets the service's answer). Prism is an
 * optional peer dependency: it is looked up at run time, from the user's project first, then from
 * this package; when it is in neither, the error says the exact command that installs it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HiroValidationError } from "../errors/errors.js";
import { createMockFront } from "../mock/front.js";

/** The Prism release this package is tested with; the peer range admits it and newer 5.x. */
export const PRISM_VERSION = "5.14.2";
/** What to run when Prism is missing. */
export const PRISM_INSTALL_HINT = `npm i -D @stoplight/prism-cli@${PRISM_VERSION}`;
const PRISM_ENTRY = "@stoplight/prism-cli/dist/index.js";
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 3_000;

/** How to end a started Prism: gently (SIGTERM, SIGKILL after 3 s), or at once. */
export interface MockControl {
  /** Resolves once Prism has exited. Idempotent. */
  stop(): Promise<void>;
  /** Kills Prism at once (SIGKILL), for `process.on("exit")`, where nothing async runs. */
  killNow(): void;
}

/** A running mock: its base URL, and how to end it. */
export interface MockServer extends MockControl {
  url: string;
}

export interface MockOptions {
  /** The user's project: Prism is looked up from here first. */
  cwd: string;
  /** 0: a free port. */
  port: number;
  /** Called as soon as Prism is spawned, before it is ready: a signal may come while it starts. */
  onSpawn?: (control: MockControl) => void;
}

/** Prism's entry file, from `cwd`'s project (the user's), else from this package; undefined if neither has it. */
export function findPrism(cwd: string): string | undefined {
  const from = [join(cwd, "package.json"), fileURLToPath(import.meta.url)];
  for (const base of from) {
    try {
      return createRequire(base).resolve(PRISM_ENTRY);
    } catch {} // not installed there
  }
  return undefined;
}

/** openapi.yaml at the package root: one level above dist/cli.js, two above src/cli/mock-server.ts. */
export function packageSpec(): string {
  const found = ["../openapi.yaml", "../../openapi.yaml"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((path) => existsSync(path));
  if (!found) throw new Error("openapi.yaml is missing from the hiro-lookup package");
  return found;
}

/** A free port (`port` 0), or `port` itself if nothing listens there; rejects when it is taken. */
function bindablePort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error) =>
      reject(new HiroValidationError("HIRO_MOCK_PORT", `cannot listen on ${host}:${port}: ${error.message}`)),
    );
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts Prism (`node …/prism-cli/dist/index.js mock openapi.yaml`, never through npx, so the PID held
 * is the server itself) on `port` (0: a free one) and resolves once it answers HTTP.
 */
export async function startMockServer(options: MockOptions): Promise<MockServer> {
  const prism = findPrism(options.cwd);
  if (!prism) {
    throw new HiroValidationError(
      "--mock",
      `needs @stoplight/prism-cli (an optional peer dependency), which is not installed: ${PRISM_INSTALL_HINT}`,
    );
  }
  const host = "127.0.0.1";
  const publicPort = await bindablePort(host, options.port);
  const port = await bindablePort(host, 0);
  const args = [
    prism,
    "mock",
    packageSpec(),
    "--host",
    host,
    "--port",
    String(port),
    "--errors",
    "-v",
    "warn",
  ];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (hasExited(child)) return;
      child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(timer);
      if (!hasExited(child)) child.kill("SIGKILL");
      await exited;
    })();
    return stopping;
  };
  const killNow = () => {
    if (!hasExited(child)) child.kill("SIGKILL");
  };
  options.onSpawn?.({ stop, killNow });

  const backend = `http://${host}:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (hasExited(child)) {
      await exited;
      throw new Error(`the Prism mock exited before it was ready:\n${output.trim()}`);
    }
    try {
      const response = await fetch(`${backend}/__ready`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer(); // any HTTP answer means it is listening
      return await withFront(host, publicPort, port, { stop, killNow });
    } catch {} // not listening yet
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the Prism mock was not ready on ${backend} after ${READY_TIMEOUT_MS} ms:\n${output.trim()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Puts the mock's front (src/mock/front.ts: answers about the question) on the public port before Prism. */
async function withFront(
  host: string,
  port: number,
  prismPort: number,
  prism: MockControl,
): Promise<MockServer> {
  const front = createMockFront({ host, backendPort: () => prismPort });
  try {
    await new Promise<void>((resolve, reject) => {
      front.once("error", reject);
      front.listen(port, host, () => resolve());
    });
  } catch (error) {
    await prism.stop();
    throw new HiroValidationError("HIRO_MOCK_PORT", `cannot listen on ${host}:${port}: ${String(error)}`);
  }
  const address = front.address();
  const bound = typeof address === "object" && address !== null ? address.port : port;
  const stop = async () => {
    front.closeAllConnections();
    await Promise.all([new Promise<void>((resolve) => front.close(() => resolve())), prism.stop()]);
  };
  return { url: `http://${host}:${bound}`, stop, killNow: prism.killNow };
}
