/**
 * The CLI against the Prism mock of the global setup. A few tests run it as a real process (the bundle of
 * src/cli/main.ts): an exit status the shell sees, JSON on a stdout pipe, the real environment, and
 * `--mock`'s own Prism (its start, its stop, SIGTERM). The rest run `runCli` in-process (what main.ts
 * wires to the process), against the same mock: each process costs a Node start, and the process tests
 * above already show that main.ts passes the code, the streams and the environment on.
 */
import { spawn } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { cliCommand, runCliProcess } from "../helpers/cli-process.js";
import { MARKER_VARIABLE, markedProcesses, newMarker } from "../helpers/marked-processes.js";
import { ROOT } from "../helpers/spec.js";

const baseUrl = inject("prismUrl");
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const TX_ID = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";

/** Runs `hiro-lookup <args>` as a process (the sources, bundled once for the run), with no API key set. */
const cliProcess = (args: string[], env: Record<string, string> = {}) =>
  runCliProcess(args, { HIRO_API_KEY: "", ...env });

/** Runs `hiro-lookup <args>` in-process, against no API key and none of this run's HIRO_* variables. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCliInProcess(args, { HIRO_API_KEY: "", ...env });

const mock = ["--base-url", baseUrl, "--retries", "0"];

describe("hiro-lookup CLI as a process: the exit status, a stdout pipe, the environment", () => {
  it("prints the token metadata as JSON and exits 0", async () => {
    const run = await cliProcess([...mock, "sft", PRINCIPAL, "35"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ metadata: { sip: 16 } });
  });

  it("exits 3 for not found, with one line on stderr", async () => {
    const run = await cliProcess([
      ...mock,
      "-H",
      "Prefer: code=404, example=tokenNotFound",
      "sft",
      PRINCIPAL,
      "1",
    ]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("Token not found");
  });

  it("honours HIRO_BASE_URL from the environment (the README's example), holding HIRO_API_KEY back", async () => {
    const run = await cliProcess(["--retries", "0", "sft", PRINCIPAL, "35"], {
      HIRO_BASE_URL: baseUrl,
      HIRO_API_KEY: "very-secret-key",
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ metadata: { sip: 16 } });
    expect(run.stderr).toMatch(
      /^hiro-lookup: HIRO_API_KEY from the environment is not sent to 127\.0\.0\.1:\d+ /,
    );
    expect(run.stderr).not.toContain("very-secret-key");
  });
});

describe("hiro-lookup CLI in-process", () => {
  it("prints one page, or each result as NDJSON", async () => {
    const page = await cli([...mock, "sat-inscriptions", "1252201400444387", "--limit", "2"]);
    expect(JSON.parse(page.stdout)).toMatchObject({ total: 1 });
    const lines = await cli([...mock, "--ndjson", "sat-inscriptions", "1252201400444387"]);
    expect(
      lines.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).number),
    ).toEqual([0]);
  });

  it("streams every item with --all", async () => {
    const run = await cli([...mock, "tx-activity", `0x${TX_ID}`, "--all", "--max", "10"]);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).operation),
    ).toEqual(["etching"]);
  });

  it.each([
    ["4 for rate limited", ["-H", "Prefer: code=429", "sat-inscriptions", "1"], 4, "429"],
    [
      "5 for another API error",
      ["-H", "Prefer: code=422, example=tokenError", "sft", PRINCIPAL, "1"],
      5,
      "Token error",
    ],
  ])("exits %s, with one line on stderr", async (_, args, code, text) => {
    const run = await cli([...mock, ...args]);
    expect(run.code).toBe(code);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(text);
  });

  it.each([
    ["an invalid tx id", ["tx-activity", "0x12"], "tx_id"],
    ["an out-of-range ordinal", ["sat-inscriptions", "2099999997690000"], "ordinal"],
    ["a bad --limit", ["sat-inscriptions", "1", "--limit", "abc"], "--limit"],
    ["an unknown command", ["nope"], "unknown command"],
    [
      "an ft-list --order-by of neither",
      ["ft-list", "--order-by", "supply"],
      '--order-by: must be one of "name", "symbol"',
    ],
    [
      "an ft-list --address in lower case",
      ["ft-list", "--address", "sp102v8p0f7jx67arq77wea3d3cfb5xw39redt0am"],
      "--address",
    ],
    ["an asset identifier as the ft principal", ["ft", `${PRINCIPAL}::key`], "principal"],
    ["an nft id a JS number rounds", ["nft", PRINCIPAL, "9007199254740993"], "token_id"],
    [
      "--limit 0 with --all (the page size)",
      ["sat-inscriptions", "1", "--all", "--limit", "0"],
      "--limit: must be an integer from 1 to 60; got 0",
    ],
  ])("exits 2 on %s, without a request", async (_, args, text) => {
    const run = await cli(["--base-url", "http://127.0.0.1:9", ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(text);
  });

  it("exits 6 when the service cannot be reached, and never echoes the API key", async () => {
    const run = await cli(
      ["--base-url", "http://127.0.0.1:9", "--api-key", "very-secret-key", "--retries", "0"].concat([
        "sat-inscriptions",
        "1",
      ]),
    );
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(
      /^hiro-lookup: sat-inscriptions: GET http:\/\/127.0.0.1:9\/ordinals\/v1\/sats\/1\/inscriptions failed after 1 attempt: fetch failed: bad port/,
    );
    expect(run.stderr + run.stdout).not.toContain("very-secret-key");
  });

  it("exits 2 naming --ordinals-url when sat-inscriptions has no ordinals URL", async () => {
    const run = await cli(["sat-inscriptions", "1252201400444387"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^hiro-lookup: --ordinals-url: not set: pass --ordinals-url \(or --base-url\) or set HIRO_ORDINALS_URL\. Hiro retired .* 2026-03-09/,
    );
  });

  it("--help lists the commands, per-service flags and examples, exit 0", async () => {
    const run = await cli(["--help"]);
    expect(run.code).toBe(0);
    for (const text of ["sft", "sat-inscriptions", "tx-activity", "Examples:", "Exit codes", "7 verify"]) {
      expect(run.stdout).toContain(text);
    }
    for (const text of [
      "--metadata-url",
      "--ordinals-url",
      "--runes-url",
      "HIRO_ORDINALS_URL",
      "HIRO_BASE_URL",
    ]) {
      expect(run.stdout).toContain(text);
    }
  });

  it.each([[["--help"]], [["verify", "--help"]]])(
    "%j never points ordinals or runes at api.hiro.so",
    async (args) => {
      const { stdout } = await cli(args);
      const hiro = stdout.split("\n").filter((l) => l.includes("api.hiro.so"));
      expect(hiro.length).toBeGreaterThan(0);
      for (const l of hiro)
        expect(l).not.toMatch(/ordinals-url|runes-url|base-url|sat-inscriptions|tx-activity/);
      expect(stdout).not.toMatch(/(ordinals|runes)[^\n]*default[^\n]*api\.hiro\.so/i);
    },
  );
});

/**
 * The mock's rules, through the CLI, against the mock of the global setup: the rules `--mock` and
 * `hiro-lookup mock` serve in-process, here through the front before the shared Prism, so Prism checks
 * each answer against the spec as well; `--mock`'s own start and stop are tested below.
 */
describe("hiro-lookup CLI against the mock (its rules for any id)", () => {
  const front = ["--base-url", inject("mockUrl"), "--retries", "0"];

  it.each([
    ["the example sat: its page", ["sat-inscriptions", "1252201400444387"], { total: 1 }],
    [
      "any sat: an empty page",
      ["sat-inscriptions", "5000000000", "--offset", "20"],
      { offset: 20, total: 0, results: [] },
    ],
    ["any transaction: an empty page", ["tx-activity", "ab".repeat(32)], { total: 0, results: [] }],
  ])("answers %s, as the service does (exit 0)", async (_, args, expected) => {
    const run = await cli([...front, ...args]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject(expected);
  });

  it("--all walks the two pages of the two-page sat example (--limit 2), and any other page size", async () => {
    for (const limit of [["--limit", "2"], []]) {
      const run = await cli([...front, "sat-inscriptions", "257418248345364", "--all", ...limit]);
      expect(run.code).toBe(0);
      const lines = run.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { sat_ordinal: string });
      expect(lines).toHaveLength(3);
      expect(new Set(lines.map((l) => l.sat_ordinal))).toEqual(new Set(["257418248345364"]));
    }
  });

  it("answers ft, nft, status and ft-list (filtered, --all) from the examples", async () => {
    const ft = await cli([...front, "ft", "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex"]);
    expect(ft.code).toBe(0);
    expect(JSON.parse(ft.stdout)).toMatchObject({ symbol: "ALEX", decimals: 8 });
    const nft = await cli([
      ...front,
      "nft",
      "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys",
      "1234",
    ]);
    expect(JSON.parse(nft.stdout)).toMatchObject({ metadata: { name: "Bitcoin Monkeys #1234" } });
    const status = await cli([...front, "status"]);
    expect(JSON.parse(status.stdout)).toMatchObject({
      status: "ready",
      chain_tip: { block_height: 5412887 },
    });
    const bySymbol = await cli([...front, "ft-list", "--symbol", "alex"]);
    expect(JSON.parse(bySymbol.stdout)).toMatchObject({ total: 1, results: [{ symbol: "ALEX" }] });
    const all = await cli([...front, "ft-list", "--all", "--limit", "1"]);
    expect(
      all.stdout
        .trim()
        .split("\n")
        .map((l) => (JSON.parse(l) as { symbol: string }).symbol),
    ).toEqual(["ALEX", "FARI"]);
    const unknown = await cli([...front, "ft", "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.no-such-token"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain("Contract not found");
  });

  it("answers an unknown token 404 (exit 3) and a pending one 422", async () => {
    const unknown = await cli([...front, "sft", PRINCIPAL, "99"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain("Token not found");
    const pending = await cli([...front, "sft", PRINCIPAL, "36"]);
    expect(pending.stderr).toContain("metadata_pending");
  });
});

describe("hiro-lookup --mock: its own mock, for one command", () => {
  /** The mock's URL, as the CLI's `--verbose` log names it. */
  const mockUrlIn = (stderr: string) => /"url":"(http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr)?.[1];

  it("--mock answers in the CLI's own process (no Prism): any sat's empty page, exit 0, nothing left listening", async () => {
    const marker = newMarker();
    const run = await cliProcess(
      ["--mock", "--verbose", "sat-inscriptions", "5000000000", "--offset", "20"],
      {
        [MARKER_VARIABLE]: marker,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ offset: 20, total: 0, results: [] });
    expect(markedProcesses(marker, "prism-cli")).toEqual([]);
    const url = mockUrlIn(run.stderr);
    expect(url).toBeDefined();
    await expect(fetch(`${url}/`)).rejects.toThrow(); // nothing listens there any more
  }, 60_000);

  it("a URL named beside --mock is not used, and stderr says so", async () => {
    const args = [
      "--mock",
      "--base-url",
      "http://127.0.0.1:1",
      "--runes-url",
      "http://127.0.0.1:2",
      "status",
    ];
    const run = await cliProcess(args, {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("hiro-lookup: --mock answers every service; --base-url, --runes-url not used\n");
  }, 60_000);

  // SIGTERM here; SIGHUP and a launcher's end in test/e2e/standing-mock.test.ts, on `hiro-lookup mock`:
  // both commands start the mock through the same signal handlers (src/cli/mock-server.ts).
  it("SIGTERM to the CLI mid-run stops the mock too (exit 143): nothing left listening", async () => {
    // A token whose metadata stays pending, with --wait: the CLI keeps asking until it is stopped.
    const args = ["--mock", "--verbose", "sft", PRINCIPAL, "36", "--wait", "--wait-timeout", "60000"];
    const [node, ...rest] = cliCommand(args);
    const child = spawn(node, rest, {
      cwd: ROOT,
      env: { ...process.env, HIRO_API_KEY: "" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      // Mid-run: the CLI has asked the mock (its log names it) and goes on asking.
      let stderr = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr?.on("data", (chunk: Buffer) => {
          stderr += chunk;
          const found = mockUrlIn(stderr);
          if (found) resolve(found);
        });
        child.once("exit", () => reject(new Error(`the CLI ended first: ${stderr}`)));
      });
      expect((await fetch(`${url}/metadata/v1/`)).status).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(143);
      await expect(fetch(`${url}/`)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
    }
  }, 60_000);
});

describe("hiro-lookup explain against the mock (its rules; no token host is asked)", () => {
  const front = ["--base-url", inject("mockUrl"), "--retries", "0"];

  it.each([
    ["a token id the mock does not know: not_indexed", ["999"], "problem", "not_indexed", "everyone"],
    ["a token being fetched: metadata_pending", ["36"], "pending", "metadata_pending", "everyone"],
    ["a token in error: token_error", ["37"], "problem", "token_error", "contract_owner"],
    ["a failed job's {}: metadata_incomplete", ["4"], "problem", "metadata_incomplete", "contract_owner"],
    [
      "a locale the token lacks: locale_missing",
      ["35", "--locale", "fr"],
      "problem",
      "locale_missing",
      "everyone",
    ],
  ])("%s, with its fix, exiting with the verdict's code", async (_, args, verdict, code, audience) => {
    const run = await cli([...front, "explain", "sft", PRINCIPAL, ...args]);
    // Before: exit 0 whatever the verdict.
    expect(run.code).toBe(verdict === "pending" ? EXIT.explainPending : EXIT.explainProblem);
    const diagnosis = JSON.parse(run.stdout);
    expect(diagnosis.verdict).toBe(verdict);
    expect(diagnosis.findings.map((finding: { code: string }) => finding.code)).toEqual([code]);
    expect(diagnosis.fixes[0].audience).toBe(audience);
  });
});
