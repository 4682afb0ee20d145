/**
 * What the CLI prints: --all as NDJSON or (with --json) one JSON array, --json with --ndjson refused,
 * sft --wait, option errors naming the flag, and no raw control character from a server on stdout or
 * stderr. In-process through runCli, against a scripted node:http server on 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/program.js";

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const HOSTILE = "bad \u001b[31mred\u001b[0m\rover\u009b2J";
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

type Answer = { status: number; body: unknown };
let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server answering each request with `answer(url)`; returns its base URL. */
async function serve(answer: (url: URL) => Answer): Promise<string> {
  server = createServer((request, response) => {
    const { status, body } = answer(new URL(request.url ?? "/", "http://127.0.0.1"));
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A page of `total` inscriptions, as the service pages them (offset and limit echoed). */
function inscriptions(total: number, failAtOffset = Number.POSITIVE_INFINITY) {
  return (url: URL): Answer => {
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 20);
    if (offset >= failAtOffset) return { status: 500, body: { error: "database on fire" } };
    const count = Math.max(0, Math.min(limit, total - offset));
    const results = Array.from({ length: count }, (_, i) => ({
      id: `i${offset + i}`,
      number: offset + i,
      sat_ordinal: "1",
    }));
    return { status: 200, body: { limit, offset, total, results } };
  };
}

async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["--retries", "0", ...argv], {
    env: {},
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe("--all", () => {
  it("streams NDJSON by default: one item per line", async () => {
    const url = await serve(inscriptions(70));
    const run = await cli(["--base-url", url, "sat-inscriptions", "1", "--all"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.map((line) => JSON.parse(line).number)).toEqual(Array.from({ length: 70 }, (_, i) => i));
  });

  it("--max that stops short says so on stderr (exit 0); one that reaches the end says nothing", async () => {
    const url = await serve(inscriptions(70));
    const cut = await cli(["--base-url", url, "sat-inscriptions", "1", "--all", "--max", "5"]);
    expect(cut.code).toBe(0);
    expect(cut.stdout.trim().split("\n")).toHaveLength(5);
    expect(cut.stderr).toBe("hiro-lookup: stopped at --max 5; the list has 70 in all\n");
    const whole = await cli(["--base-url", url, "sat-inscriptions", "1", "--all", "--max", "70"]);
    expect([whole.code, whole.stderr]).toEqual([0, ""]);
  });

  it("with --json prints one JSON array of every item", async () => {
    const url = await serve(inscriptions(70));
    const run = await cli(["--base-url", url, "--json", "sat-inscriptions", "1", "--all"]);
    expect(run.code).toBe(0);
    const items = JSON.parse(run.stdout) as { number: number }[];
    expect(items.map((item) => item.number)).toEqual(Array.from({ length: 70 }, (_, i) => i));
  });

  it("with --json and no result prints [] (valid JSON), not nothing", async () => {
    const url = await serve(inscriptions(0));
    const run = await cli(["--base-url", url, "--json", "sat-inscriptions", "1", "--all"]);
    expect(run).toMatchObject({ code: 0, stdout: "[]\n" });
    expect(JSON.parse(run.stdout)).toEqual([]);
  });

  it("with --json, a failure midway leaves the array open and exits non-zero", async () => {
    const url = await serve(inscriptions(100, 60));
    const run = await cli(["--base-url", url, "--json", "sat-inscriptions", "1", "--all"]);
    expect(run.code).toBe(EXIT.apiError);
    expect(run.stdout.startsWith("[")).toBe(true);
    expect(run.stdout.trimEnd().endsWith("]")).toBe(false);
    expect(() => JSON.parse(run.stdout)).toThrow();
    expect(run.stdout.split("\n")).toHaveLength(60); // the first page's 60 items, then nothing
    expect(run.stderr).toContain("database on fire");
  });
});

describe("page size (issue 20, item 2)", () => {
  it("--all takes --limit as the page size", async () => {
    const limits: string[] = [];
    const url = await serve((u) => {
      limits.push(u.searchParams.get("limit") ?? "");
      return inscriptions(60)(u);
    });
    const run = await cli(["--base-url", url, "sat-inscriptions", "1", "--all", "--limit", "25"]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout.trim().split("\n")).toHaveLength(60);
    expect(limits).toEqual(["25", "25", "25"]);
  });

  it("--ordinals-max-limit and --runes-max-limit become the client's maxLimit option", async () => {
    const seen: unknown[] = [];
    const run = await runCli(
      [
        "--base-url",
        "http://127.0.0.1:9",
        "--runes-max-limit",
        "100",
        "--ordinals-max-limit",
        "20",
        "sft",
        PRINCIPAL,
        "1",
      ],
      {
        env: {},
        stdout: { write: () => true },
        stderr: { write: () => true },
        createClient: (options) => {
          seen.push((options as { maxLimit?: unknown }).maxLimit);
          throw new Error("stop here");
        },
      },
    );
    expect(run).not.toBe(0);
    expect(seen).toEqual([{ runes: 100, ordinals: 20 }]);
  });

  it.each([
    [
      ["sat-inscriptions", "1", "--limit", "21"],
      "--limit: must be an integer from 1 to 20 (--ordinals-max-limit); got 21",
    ],
    [
      ["sat-inscriptions", "1", "--all", "--limit", "21"],
      "--limit: must be an integer from 1 to 20 (--ordinals-max-limit); got 21",
    ],
  ])(
    "a --limit above the deployment's maximum names the flag that set it, not the client's option: %j",
    async (args, said) => {
      const url = await serve(inscriptions(70));
      const run = await cli(["--base-url", url, "--ordinals-max-limit", "20", ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`hiro-lookup: ${said}\n`);
    },
  );

  it.each(["0", "x", "-1"])("--runes-max-limit %s is a usage error naming the flag", async (value) => {
    const run = await cli([
      "--base-url",
      "http://127.0.0.1:9",
      `--runes-max-limit=${value}`,
      "tx-activity",
      "a".repeat(64),
    ]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(/^hiro-lookup: --runes-max-limit: must be an integer >= 1; got /);
  });
});

describe("option errors", () => {
  it("--json with --ndjson is refused, naming both flags, before any request", async () => {
    const run = await cli(["--base-url", "http://127.0.0.1:9", "--json", "--ndjson", "sft", PRINCIPAL, "1"]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain("--json");
    expect(run.stderr).toContain("--ndjson");
    expect(run.stdout).toBe("");
  });

  it.each([
    [["--timeout", "99999999999", "sft", PRINCIPAL, "1"], "--timeout", "timeoutMs"],
    [["--retries", "11", "sft", PRINCIPAL, "1"], "--retries", "maxRetries"],
    [["-H", "X-A: a\rb", "sft", PRINCIPAL, "1"], "-H/--header", "headers:"],
    [["sat-inscriptions", "1", "--limit", "61"], "--limit", "hiro-lookup: limit"],
    [["sft", PRINCIPAL, "1", "--wait-timeout", "5"], "--wait-timeout", "deadlineMs"],
  ])("%j names the flag %s, not the client's option", async (args, flag, option) => {
    const run = await cli(["--base-url", "http://127.0.0.1:9", ...args]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(new RegExp(`^hiro-lookup: ${flag}: `));
    expect(run.stderr).not.toContain(option);
  });
});

describe("messages in one style (issue 19)", () => {
  it.each([
    ["0", /^hiro-lookup: --limit: must be an integer from 1 to 60; got 0\n$/],
    ["61", /^hiro-lookup: --limit: must be an integer from 1 to 60; got 61\n$/],
    ["x", /^hiro-lookup: --limit: must be an integer from 1 to 60; got "x"\n$/],
  ])("--limit %s", async (limit, message) => {
    const run = await cli(["--base-url", "http://127.0.0.1:9", "sat-inscriptions", "1", "--limit", limit]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(message);
  });

  it("--timeout 0 and --retries x: the same style, naming the flag", async () => {
    const timeout = await cli(["--base-url", "http://127.0.0.1:9", "--timeout", "0", "sft", PRINCIPAL, "1"]);
    expect(timeout.stderr).toMatch(/^hiro-lookup: --timeout: must be an integer >= 1; got 0\n$/);
    const retries = await cli(["--base-url", "http://127.0.0.1:9", "--retries", "x", "sft", PRINCIPAL, "1"]);
    expect(retries).toMatchObject({
      code: EXIT.usage,
      stderr: 'hiro-lookup: --retries: must be an integer >= 0; got "x"\n',
    });
  });

  it("--version prints the package's version", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    const run = await cli(["--version"]);
    expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("sft --wait", () => {
  const pending: Answer = { status: 422, body: { error: "Token metadata fetch in progress" } };
  const metadata: Answer = { status: 200, body: { token_uri: "u", decimals: 0, total_supply: "1" } };

  it("asks again while the metadata is pending, then prints it", async () => {
    let calls = 0;
    const url = await serve(() => (++calls < 2 ? pending : metadata));
    const run = await cli(["--base-url", url, "sft", PRINCIPAL, "1", "--wait", "--wait-timeout", "10000"]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout)).toMatchObject({ total_supply: "1" });
    expect(calls).toBe(2);
  });

  it("exits 5 (API error, not 6) when it is still pending at --wait-timeout", async () => {
    // A deadline the first answer beats even on a busy machine: within 50 ms, a slow first answer
    // made it a timeout with no answer at all (exit 6), which is right, but not what this test is about.
    const url = await serve(() => pending);
    const run = await cli(["--base-url", url, "sft", PRINCIPAL, "1", "--wait", "--wait-timeout", "1500"]);
    expect(run.code, run.stderr).toBe(EXIT.apiError);
    expect(run.stderr).toMatch(
      /^hiro-lookup: sft: the token's metadata was still being fetched after 1500 ms/,
    );
    // The flag the user can change, not the library's option (issue 19).
    expect(run.stderr).toContain("--wait-timeout");
    expect(run.stderr).not.toMatch(/deadlineMs|waitForMetadata|getSftMetadata/);
  });

  it("without --wait, pending is an API error at once", async () => {
    let calls = 0;
    const url = await serve(() => {
      calls++;
      return pending;
    });
    const run = await cli(["--base-url", url, "sft", PRINCIPAL, "1"]);
    expect(run.code).toBe(EXIT.apiError);
    expect(calls).toBe(1);
  });
});

describe("server text never reaches the terminal with control characters", () => {
  it("an error message with ESC and CR reaches stderr stripped", async () => {
    const url = await serve(() => ({ status: 500, body: { error: HOSTILE } }));
    const run = await cli(["--base-url", url, "sft", PRINCIPAL, "1"]);
    expect(run.code).toBe(EXIT.apiError);
    expect(run.stderr).toContain("red");
    expect(run.stderr.replace(/\n$/, "")).not.toMatch(RAW_CONTROL);
    expect(run.stderr).not.toContain("\r");
    expect(run.stdout).toBe("");
  });

  it.each([[[]], [["--ndjson"]], [["--json"]]])(
    "a value with ESC, CR and a C1 CSI is escaped on stdout (%j), and parses back to itself",
    async (flags) => {
      const url = await serve(() => ({
        status: 200,
        body: { token_uri: HOSTILE, decimals: 0, total_supply: "1" },
      }));
      const run = await cli(["--base-url", url, ...flags, "sft", PRINCIPAL, "1"]);
      expect(run.code).toBe(0);
      expect(run.stdout.replace(/\n$/, "")).not.toMatch(RAW_CONTROL);
      expect(run.stdout).not.toContain("\u001b");
      expect(JSON.parse(run.stdout)).toMatchObject({ token_uri: HOSTILE });
    },
  );

  it("the progress line on a terminal carries numbers only", async () => {
    const url = await serve(inscriptions(3));
    let stderr = "";
    const code = await runCli(["--base-url", url, "sat-inscriptions", "1", "--all"], {
      env: {},
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text), isTTY: true },
    });
    expect(code).toBe(0);
    expect(stderr).toBe("\r1 / 3\r2 / 3\r3 / 3\n");
  });
});

describe("odd bodies do not break the output (issue 21)", () => {
  /** A token whose metadata nests `depth` levels of arrays inside `properties`. */
  const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`) as unknown;

  it("a token nested too deeply to print exits 5 (the service's answer), not 6 (network), saying why", async () => {
    const base = await serve(() => ({
      status: 200,
      body: { token_uri: "ipfs://x", metadata: { sip: 16, name: "n", properties: { deep: "" } } },
    }));
    // JSON.stringify of the test server cannot write it either: send the text by hand.
    await new Promise((resolve) => server?.close(resolve));
    const depth = 20_000;
    server = createServer((_, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        `{"token_uri":"ipfs://x","metadata":{"sip":16,"name":"n","properties":{"deep":${"[".repeat(depth)}${"]".repeat(depth)}}}}`,
      );
    });
    const port = Number(new URL(base).port);
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    expect(() => JSON.stringify(nested(depth))).toThrow(RangeError);
    const run = await cli(["--base-url", base, "sft", PRINCIPAL, "1"]);
    expect(run.code).toBe(EXIT.apiError);
    expect(run.stderr).toMatch(/^hiro-lookup: the answer is nested too deeply to print as JSON/);
    expect(run.stdout).toBe("");
  });

  it("--ndjson prints a token as one line, even when it has a `results` key (only a page is split)", async () => {
    const token = { token_uri: "ipfs://x", results: [1, 2], metadata: { sip: 16, name: "n" } };
    const base = await serve(() => ({ status: 200, body: token }));
    const run = await cli(["--base-url", base, "--ndjson", "sft", PRINCIPAL, "1"]);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual([token]);
  });
});
