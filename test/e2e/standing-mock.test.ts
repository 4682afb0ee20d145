/**
 * `hiro-lookup mock`: a standing mock for app developers, with the rules of `--mock`, served in the CLI's
 * own process (no Prism) until a signal stops it, or until the process that started it is gone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { cliCommand } from "../helpers/cli-process.js";
import { MARKER_VARIABLE, markedProcesses, newMarker } from "../helpers/marked-processes.js";
import { printedUrl } from "../helpers/printed-url.js";
import { ROOT } from "../helpers/spec.js";

/**
 * Starts `hiro-lookup mock --port 0` (a port the OS picks: no race) and resolves with the URL it prints.
 * `launcher`: under a shell that stays its parent and, like npm, does not pass a signal on (as
 * `npx hiro-lookup mock` runs).
 */
async function standingMock(
  launcher = false,
  extra: string[] = [],
): Promise<{ child: ChildProcess; url: string; marker: string; exited: Promise<number | null> }> {
  const marker = newMarker();
  const [node, ...rest] = cliCommand(["mock", "--port", "0", ...extra]);
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
  const url = await printedUrl(child);
  return { child, url, marker, exited };
}

describe("hiro-lookup mock", () => {
  it("answers any valid id as the service does, in its own process (no Prism), until SIGHUP", async () => {
    const { child, url, marker, exited } = await standingMock();
    try {
      const sat = await fetch(`${url}/ordinals/v1/sats/5000000000/inscriptions?offset=20`);
      expect(await sat.json()).toEqual({ limit: 20, offset: 20, total: 0, results: [] });
      expect(sat.headers.get("ratelimit-limit")).toBe("3000"); // the mock's default budget (issue 47: it was 50)
      const token = await fetch(
        `${url}/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1/35?locale=es-MX`,
      );
      expect(token.status).toBe(200);
      expect(await token.json()).toMatchObject({
        metadata: { description: expect.stringContaining("del contrato") },
      });
      expect((await fetch(`${url}/metadata/v1/sft/%/1`)).status).toBe(400);
      expect((await fetch(`${url}/ordinals/v1/sats/5000000000/inscriptions`)).status).toBe(200);
      expect(markedProcesses(marker, "prism-cli")).toEqual([]);
      child.kill("SIGHUP");
      expect(await exited).toBe(129);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
    }
  }, 60_000);

  it("--rate-limit: the budget it is given runs out into a 429 with retry-after", async () => {
    const { child, url, exited } = await standingMock(false, ["--rate-limit", "2"]);
    try {
      const status = `${url}/metadata/v1/`;
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await fetch(status));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers.map((a) => a.headers.get("ratelimit-remaining"))).toEqual(["1", "0", "0"]);
      expect(Number(answers[2]?.headers.get("retry-after"))).toBeGreaterThan(0);
      child.kill("SIGTERM");
      expect(await exited).toBe(143);
    } finally {
      child.kill("SIGKILL");
    }
  }, 60_000);

  it("SIGTERM to the process that started it (which does not pass it on): the CLI stops and frees its port", async () => {
    const { child, url, marker, exited } = await standingMock(true);
    // The CLI itself (the shell's command line names the bundle too).
    const cli = () => markedProcesses(marker, inject("cliBundle")).filter((pid) => pid !== child.pid);
    try {
      expect(cli()).toHaveLength(1);
      child.kill("SIGTERM"); // the shell ends alone: the CLI is left an orphan, as npx's npm leaves it
      await exited;
      for (let i = 0; i < 100 && cli().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(cli()).toEqual([]);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      for (const pid of cli()) process.kill(pid, "SIGKILL");
    }
  }, 60_000);
});
