/**
 * `hiro-lookup mock`: a standing mock for app developers, with the rules of `--mock`, until a signal
 * stops it; its Prism never outlives it, even when the CLI is killed outright.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { bindablePort } from "../../src/mock-server/prism.js";
import { cliCommand } from "../helpers/cli-process.js";
import { MARKER_VARIABLE, markedProcesses, newMarker } from "../helpers/marked-processes.js";
import { ROOT } from "../helpers/spec.js";

/**
 * Starts `hiro-lookup mock --port <free>` and resolves once it has printed its URL. `launcher`: under a
 * shell that stays its parent and, like npm, does not pass a signal on (as `npx hiro-lookup mock` runs).
 */
async function standingMock(launcher = false): Promise<{
  child: ChildProcess;
  url: string;
  marker: string;
  exited: Promise<number | null>;
}> {
  const port = await bindablePort();
  const marker = newMarker();
  const [node, ...rest] = cliCommand(["mock", "--port", String(port)]);
  // `; true` keeps sh from exec-ing the CLI in its place: sh stays the CLI's parent.
  const [command, args] = launcher ? ["/bin/sh", ["-c", '"$0" "$@"; true', node, ...rest]] : [node, rest];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, [MARKER_VARIABLE]: marker, ...(launcher ? { npm_lifecycle_event: "npx" } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? (signal === "SIGKILL" ? 137 : null))),
  );
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk;
      if (out.includes("Mock of")) resolve();
    });
    child.once("exit", () => reject(new Error(`the mock exited before it was ready: ${out}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, marker, exited };
}

const waitGone = async (marker: string) => {
  for (let i = 0; i < 400 && markedProcesses(marker, "prism-cli").length > 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return markedProcesses(marker, "prism-cli");
};

describe("hiro-lookup mock", () => {
  it("answers any valid id as the service does, and SIGHUP stops it and its Prism", async () => {
    const { child, url, marker, exited } = await standingMock();
    try {
      const sat = await fetch(`${url}/ordinals/v1/sats/5000000000/inscriptions?offset=20`);
      expect(await sat.json()).toEqual({ limit: 20, offset: 20, total: 0, results: [] });
      const token = await fetch(
        `${url}/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1/35?locale=es-MX`,
      );
      expect(token.status).toBe(200);
      expect(await token.json()).toMatchObject({
        metadata: { description: expect.stringContaining("del contrato") },
      });
      // A broken %-escape once killed Prism behind the front: the front answers it and Prism lives on.
      const broken = await fetch(`${url}/metadata/v1/sft/%/1`);
      expect(broken.status).toBe(400);
      expect((await fetch(`${url}/ordinals/v1/sats/5000000000/inscriptions`)).status).toBe(200);
      expect(markedProcesses(marker, "prism-cli")).toHaveLength(1);
      child.kill("SIGHUP");
      expect(await exited).toBe(129);
      expect(await waitGone(marker)).toEqual([]);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
      for (const pid of markedProcesses(marker, "prism-cli")) process.kill(pid, "SIGKILL");
    }
  }, 60_000);

  it("SIGTERM to the process that started it (which does not pass it on): the CLI stops its Prism and exits", async () => {
    const { child, url, marker, exited } = await standingMock(true);
    // The CLI itself (the shell's command line names the bundle too).
    const cli = () => markedProcesses(marker, inject("cliBundle")).filter((pid) => pid !== child.pid);
    try {
      expect(cli()).toHaveLength(1);
      expect(markedProcesses(marker, "prism-cli")).toHaveLength(1);
      child.kill("SIGTERM"); // the shell ends alone: the CLI is left an orphan, as npx's npm leaves it
      await exited;
      expect(await waitGone(marker)).toEqual([]);
      for (let i = 0; i < 100 && cli().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(cli()).toEqual([]);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      for (const pid of [...cli(), ...markedProcesses(marker, "prism-cli")]) process.kill(pid, "SIGKILL");
    }
  }, 60_000);

  it("Prism killed under it: the mock says so on stderr and exits 1, never hanging", async () => {
    const { child, marker, exited } = await standingMock();
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
    try {
      const [prism] = markedProcesses(marker, "prism-cli");
      process.kill(prism as number, "SIGKILL");
      expect(await exited).toBe(1);
      expect(stderr).toContain("the mock's Prism exited unexpectedly (SIGKILL); the mock stops");
    } finally {
      child.kill("SIGKILL");
      for (const pid of markedProcesses(marker, "prism-cli")) process.kill(pid, "SIGKILL");
    }
  }, 60_000);

  it("SIGKILL to the CLI: its Prism exits by itself", async () => {
    const { child, marker, exited } = await standingMock();
    try {
      expect(markedProcesses(marker, "prism-cli")).toHaveLength(1);
      child.kill("SIGKILL");
      await exited;
      expect(await waitGone(marker)).toEqual([]);
    } finally {
      for (const pid of markedProcesses(marker, "prism-cli")) process.kill(pid, "SIGKILL");
    }
  }, 60_000);
});
