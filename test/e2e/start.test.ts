/**
 * `npm start` as a process, in a scratch copy of the project (so the watch test can edit its
 * openapi.yaml): docs + mock + a lookup, then a lint error that keeps the last good state serving,
 * then a valid edit that regenerates, rebuilds and restarts the mock. Ctrl-C leaves nothing behind.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hiro-start-"));
  for (const entry of ["openapi.yaml", "redocly.yaml", "package.json", "tsconfig.json", "scripts", "src"]) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  // The docs build renders the guide into the portal beside the reference.
  cpSync(join(ROOT, "docs/guide.md"), join(dir, "docs/guide.md"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `tsx scripts/start.ts` in the scratch copy; `output()` is everything it printed so far. */
function start(args: string[] = []) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", ...args], {
    cwd: dir,
    env: { ...process.env, HIRO_MOCK_PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(text)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${text}`);
      if (child.exitCode !== null)
        throw new Error(`exited ${child.exitCode} before ${pattern}; output:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return text;
  };
  return { child, waitFor, output: () => text };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );
const mockUrl = (text: string) => /Mock API\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1] ?? "";

describe("npm start", () => {
  it("--once builds the docs, serves them and the mock, prints a lookup, and exits 0", async () => {
    const run = start(["--once"]);
    expect(await exited(run.child)).toBe(0);
    const text = run.output();
    expect(text).toMatch(/API docs\s+http:\/\/127\.0\.0\.1:\d+\//);
    expect(mockUrl(text)).not.toBe("");
    expect(text).toContain(
      "client.getSatoshiInscriptions({ ordinal: 1252201400444387n, limit: 2 }) → total 1",
    );
    expect(text).toContain('"key-alex-autoalex-v1 #35", total_supply 250');
    expect(readFileSync(join(dir, "docs/index.html"), "utf8")).toContain("Get semi-fungible token metadata");
  }, 90_000);

  it("watches openapi.yaml: a lint error keeps the last good state, a valid edit is applied", async () => {
    const run = start();
    await run.waitFor(/Watching openapi.yaml/);
    const url = mockUrl(run.output());
    const sft = `${url}/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1/35`;
    const original = readFileSync(join(dir, "openapi.yaml"), "utf8");
    try {
      // An operation without its operationId breaks lint: nothing is rebuilt and the mock keeps serving.
      writeFileSync(join(dir, "openapi.yaml"), original.replace("operationId: getSftMetadata\n", ""));
      await run.waitFor(/lint failed, still serving the last good version/);
      expect(((await (await fetch(sft)).json()) as { total_supply: string }).total_supply).toBe("250");

      writeFileSync(
        join(dir, "openapi.yaml"),
        original.replace("total_supply: '250'", "total_supply: '999'"),
      );
      await run.waitFor(/lint ok, types regenerated, docs rebuilt, mock restarted/);
      expect(((await (await fetch(sft)).json()) as { total_supply: string }).total_supply).toBe("999");
    } finally {
      run.child.kill("SIGINT");
    }
    expect(await exited(run.child)).toBe(0);
    await expect(fetch(sft)).rejects.toThrow(); // the mock is gone: no orphan left listening
  }, 120_000);
});
