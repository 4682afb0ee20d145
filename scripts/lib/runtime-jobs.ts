/**
 * How each kind of runtime runs test/runtimes/: as a process that prints its results (Node, Bun,
 * Deno), as a workerd server whose worker runs the checks when fetched, or as a Chromium page.
 * Each resolves to the checks' results, or throws with what the runtime printed.
 */
import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { chromium } from "playwright-core";
import type { CheckResult } from "./runtime-data.js";
import { CHROMIUM_ARGS } from "./runtimes.js";
import { startStaticServer } from "./static-server.js";

export interface RunOutput {
  results: CheckResult[];
  /** The file the runtime loaded for "hiro-lookup", when it can say. */
  loaded?: string;
  /** The runtime's version, when only the run can tell (Chromium). */
  version?: string;
}

const RUN_TIMEOUT_MS = 90_000;

const tail = (text: string) => text.trim().split("\n").slice(-8).join("\n");

/** A finished process: how it ended, what it printed, how long it ran. */
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `binary args` in `cwd` to its end (killed after {@link RUN_TIMEOUT_MS}). */
export function runToEnd(
  binary: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<Ended> {
  return new Promise<Ended>((resolve, reject) => {
    const started = Date.now();
    const child = spawn(binary, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Runs `binary args` in `cwd` and parses the JSON line it prints last. */
export async function runProcess(
  binary: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<RunOutput> {
  const { code, signal, stdout, stderr } = await runToEnd(binary, args, cwd, env);
  const last = stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(last) as RunOutput;
  } catch {
    throw new Error(`exited ${code ?? signal} without results: ${tail(`${stdout}\n${stderr}`)}`);
  }
}

/** Resolves with the port workerd reports on its control fd (`{"event":"listen","socket":"http","port":N}`). */
function listenPort(control: Readable): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    control.on("data", (chunk: Buffer) => {
      buffered += chunk;
      for (const line of buffered.split("\n")) {
        try {
          const event = JSON.parse(line) as { event?: string; port?: number };
          if (event.event === "listen" && event.port) resolve(event.port);
        } catch {}
      }
    });
    control.once("end", () => reject(new Error("workerd closed its control fd before listening")));
  });
}

/** Serves `configFile` with workerd on a free port: its port, and how to stop it. */
export async function startWorkerd(
  binary: string,
  configFile: string,
): Promise<{ port: number; exited: Promise<never>; output(): string; stop(): void }> {
  const child = spawn(
    binary,
    ["serve", configFile, "--control-fd=3", "--socket-addr=http=127.0.0.1:0", "--verbose"],
    { stdio: ["ignore", "pipe", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`workerd exited ${code}: ${tail(output)}`))),
  );
  exited.catch(() => {});
  try {
    const port = await Promise.race([listenPort(child.stdio[3] as Readable), exited]);
    return { port, exited, output: () => output, stop: () => child.kill("SIGKILL") };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}

/** Serves `configFile` with workerd on a free port and fetches the worker with `config`. */
export async function runWorkerd(binary: string, configFile: string, config: unknown): Promise<RunOutput> {
  const workerd = await startWorkerd(binary, configFile);
  try {
    const url = `http://127.0.0.1:${workerd.port}/?config=${encodeURIComponent(JSON.stringify(config))}`;
    const response = await Promise.race([
      fetch(url, { signal: AbortSignal.timeout(RUN_TIMEOUT_MS) }),
      workerd.exited,
    ]);
    const text = await response.text();
    try {
      return JSON.parse(text) as RunOutput;
    } catch {
      throw new Error(`worker answered ${response.status}: ${text.slice(0, 500)} ${tail(workerd.output())}`);
    }
  } finally {
    workerd.stop();
  }
}

/** Opens `pageDir`'s index.html (served from its own port: another origin than the API) and runs the checks. */
export async function runChromium(
  executablePath: string,
  pageDir: string,
  config: unknown,
): Promise<RunOutput> {
  const site = await startStaticServer(pageDir);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: RUN_TIMEOUT_MS });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${site.url}/index.html`);
    await page
      .waitForFunction(() => "hiroRuntimeChecks" in globalThis, null, { timeout: 30_000 })
      .catch(() => {
        throw new Error(`the page did not load the bundle: ${errors.join("; ")}`);
      });
    const output = await page.evaluate(
      (c) =>
        (globalThis as unknown as { hiroRuntimeChecks(c: unknown): Promise<RunOutput> }).hiroRuntimeChecks(c),
      config,
    );
    return { ...output, version: browser.version() };
  } finally {
    await browser.close();
    await site.close();
  }
}
