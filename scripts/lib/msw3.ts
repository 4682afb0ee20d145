/**
 * msw 3, for the checks that prove the kit with it (the browser test, and `npm run test:runtimes`' vitest,
 * jest and types checks on Node 22 and 24). It is not a devDependency: msw 3 and its dependencies
 * (cookie 2, @mswjs/interceptors) declare Node 22 or newer, so a contributor's `npm ci` on Node 20 warned
 * `EBADENGINE` for a package it never runs there. Like the runtimes (runtimes.ts), it is installed from
 * the npm registry on demand, at its pin, into a cache folder; a later run reuses it, with no network.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/** The msw 3 release the checks run, exactly. */
export const MSW3_VERSION = "3.0.5";

/** Where it is installed (git-ignored; delete it to reinstall). */
export const MSW3_CACHE = fileURLToPath(new URL("../../.cache/msw3/", import.meta.url));

function installedVersion(packageDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string })
      .version;
  } catch {
    return undefined;
  }
}

/**
 * Installs msw {@link MSW3_VERSION} into `cacheDir` as `msw-3` (the name the checks alias `msw` to)
 * unless it is there at its pin, and returns the folder of its package (`<cacheDir>/node_modules/msw-3`,
 * its dependencies beside it). Throws when npm fails.
 */
export async function ensureMsw3(
  cacheDir = MSW3_CACHE,
  log: (line: string) => void = () => {},
): Promise<string> {
  const packageDir = join(cacheDir, "node_modules/msw-3");
  if (installedVersion(packageDir) === MSW3_VERSION) return packageDir;
  log(`installing msw@${MSW3_VERSION} into ${cacheDir}`);
  mkdirSync(cacheDir, { recursive: true });
  const manifest = {
    name: "hiro-lookup-msw3",
    private: true,
    dependencies: { "msw-3": `npm:msw@${MSW3_VERSION}` },
  };
  writeFileSync(join(cacheDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // msw 3 and its dependencies need no install script. npm's output is kept, not printed: its engine warning on Node 20 is expected (msw 3 runs on 22+ here).
  try {
    await promisify(execFile)(
      "npm",
      ["install", "--prefix", cacheDir, "--no-audit", "--no-fund", "--ignore-scripts"],
      { maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
    );
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(
      `npm install msw@${MSW3_VERSION} failed: ${(stderr || message).trim().split("\n").slice(-3).join(" | ")}`,
    );
  }
  if (installedVersion(packageDir) !== MSW3_VERSION)
    throw new Error(`npm install left no msw@${MSW3_VERSION} in ${packageDir}`);
  return packageDir;
}
