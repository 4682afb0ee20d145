import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { ROOT } from "./spec.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The CLI (src/cli/main.ts) bundled once for the run: `node <cliBundle> <args>` runs the source. */
    cliBundle: string;
  }
}

/** One bundle per vitest run, shared by every project that lists this setup (state on globalThis). */
const SHARED = Symbol.for("hiro-lookup.cli-bundle-setup");
interface Shared {
  bundle: Promise<{ dir: string; file: string }>;
  users: number;
}
const holder = globalThis as { [SHARED]?: Shared };

/**
 * Bundles the CLI from src/ with esbuild into a fresh folder under `.cache/` (git-ignored), so that the
 * tests that run `hiro-lookup` as a process start plain Node (~0.1 s) instead of tsx compiling the
 * sources at each start (~1 s of CPU each). Two levels under the root, like `dist/cli.js` is one: the
 * CLI finds the package's openapi.yaml and Prism from there. Dependencies stay imports (node_modules).
 */
async function bundleCli(): Promise<{ dir: string; file: string }> {
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, ".cache/cli-"));
  const file = join(dir, "cli.js");
  await build({
    entryPoints: [join(ROOT, "src/cli/main.ts")],
    outfile: file,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
  });
  return { dir, file };
}

/** Vitest global setup: provides `cliBundle`; the teardown of its last user removes the bundle. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  holder[SHARED] ??= { bundle: bundleCli(), users: 0 };
  const shared = holder[SHARED];
  shared.users++;
  project.provide("cliBundle", (await shared.bundle).file);
  return async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    rmSync((await shared.bundle).dir, { recursive: true, force: true });
  };
}
