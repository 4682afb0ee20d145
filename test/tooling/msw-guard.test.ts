/**
 * `require("hiro-lookup/msw")` in a project without msw says what to install (issue 47: Node's bare
 * "Cannot find module 'msw'"), as `hiro-lookup mcp` does for its SDK: the CommonJS build's msw guard
 * (scripts/lib/msw-guard.ts), bundled here as tsup.config.ts bundles the kit, then required where msw
 * cannot be found, and where it can. The package tier checks the packed tarball the same way.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { MSW_INSTALL_HINT, mswGuard } from "../../scripts/lib/msw-guard.js";
import { ROOT } from "../helpers/spec.js";

const run = promisify(execFile);
const outside = mkdtempSync(join(tmpdir(), "hiro-msw-guard-"));
const inside = join(ROOT, ".tmp", `msw-guard-${process.pid}`);
afterAll(() => {
  rmSync(outside, { recursive: true, force: true });
  rmSync(inside, { recursive: true, force: true });
});

/** The kit's CommonJS bundle in `dir`, as the package's CommonJS build makes it (msw guarded, external). */
async function bundleIn(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, "msw.cjs");
  await build({
    entryPoints: [join(ROOT, "src/msw/index.ts")],
    bundle: true,
    format: "cjs",
    platform: "neutral",
    target: "es2021",
    outfile,
    logLevel: "silent",
    plugins: [mswGuard],
  });
  return outfile;
}

/** `require(file)` in a fresh Node: what it printed (the error's message when it threw). */
async function requireIn(file: string): Promise<string> {
  const script = `try { const kit = require(${JSON.stringify(file)}); console.log(typeof kit.createHandlers); } catch (e) { console.log(e.message); }`;
  const { stdout } = await run(process.execPath, ["-e", script], { cwd: tmpdir() });
  return stdout.trim();
}

describe("hiro-lookup/msw under require()", () => {
  it("without msw: an error that says what to install, msw's own as its cause", async () => {
    const said = await requireIn(await bundleIn(outside));
    expect(said).toBe(
      `hiro-lookup/msw needs msw (an optional peer dependency), which is not installed: ${MSW_INSTALL_HINT}`,
    );
  });

  it("with msw: the kit loads, and msw is required, not bundled", async () => {
    const file = await bundleIn(inside);
    expect(await requireIn(file)).toBe("function");
    expect(readFileSync(file, "utf8")).toContain('require("msw")');
    expect(readFileSync(file, "utf8")).not.toMatch(/node_modules\/msw\//);
  });
});
