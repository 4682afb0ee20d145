/**
 * Issue 28 in the CLI: `--verbose` and `HIRO_LOG` put the client's records on stderr while stdout stays
 * the data; on a terminal a retry's wait is one line, and `search` counts its progress.
 */
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { fakeFetch, json, LOCAL, PRINCIPAL } from "../helpers/fake-fetch.js";

const STATUS = { server_version: "token-metadata-api v2.3.0", status: "ready", chain_tip: null };

async function cli(
  argv: string[],
  options: {
    env?: Record<string, string>;
    tty?: boolean;
    handler?: (r: Request, n: number) => Response;
  } = {},
) {
  const fake = fakeFetch(options.handler ?? (() => json(STATUS)));
  const { code, stdout, stderr } = await runCliInProcess(
    ["--metadata-url", LOCAL, ...argv],
    options.env ?? {},
    {
      fetch: fake.fetch,
      stderrIsTTY: options.tty === true,
    },
  );
  return { code, stdout, stderr };
}

describe("--verbose and HIRO_LOG", () => {
  it("--verbose: a record per attempt and answer on stderr; stdout is the data alone", async () => {
    const { code, stdout, stderr } = await cli(["--verbose", "--json", "status"]);
    expect(code).toBe(EXIT.ok);
    expect(JSON.parse(stdout)).toEqual(STATUS);
    const lines = stderr.trim().split("\n");
    expect(lines[0]).toMatch(/^hiro-lookup: attempt \{.*"operationId":"getApiStatus".*"attempt":1/);
    expect(lines[1]).toMatch(/^hiro-lookup: answer \{.*"status":200/);
  });

  it("HIRO_LOG=debug does the same; without either, stderr is empty", async () => {
    expect((await cli(["status"], { env: { HIRO_LOG: "debug" } })).stderr).toMatch(/hiro-lookup: attempt/);
    expect((await cli(["status"])).stderr).toBe("");
  });

  it("HIRO_LOG=error logs less, as the help says: the failure after its attempts, one line", async () => {
    const failing = () => json({ error: "busy" }, 503, { "retry-after": "0" });
    const { code, stderr } = await cli(["--retries", "1", "status"], {
      env: { HIRO_LOG: "error" },
      handler: failing,
    });
    expect(code).not.toBe(EXIT.ok);
    const logged = stderr.split("\n").filter((line) => line.startsWith("hiro-lookup: lookup failed"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/"outcome":"server_error".*"attempts":2/);
    expect(stderr).not.toMatch(/hiro-lookup: (attempt|retry) /);
    const info = await cli(["status"], { env: { HIRO_LOG: "info" } });
    expect(info.stderr).toMatch(/^hiro-lookup: lookup \{.*"outcome":"ok"/);
    expect(info.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("a bad HIRO_LOG is a usage error naming it, and nothing is sent", async () => {
    const { code, stderr } = await cli(["status"], { env: { HIRO_LOG: "loud" } });
    expect(code).toBe(EXIT.usage);
    expect(stderr).toMatch(/^hiro-lookup: HIRO_LOG: must be one of off, error, warn, info, debug/);
  });

  it("the help names --verbose and HIRO_LOG", async () => {
    const { stdout } = await cli(["--help"]);
    expect(stdout).toContain("--verbose");
    expect(stdout).toContain("HIRO_LOG");
  });
});

describe("on a terminal", () => {
  it("a retry's wait is announced on one line, then cleared", async () => {
    const { code, stderr } = await cli(["--retries", "1", "status"], {
      tty: true,
      handler: (_r, n) => (n === 1 ? json({}, 503, { "retry-after": "1" }) : json(STATUS)),
    });
    expect(code).toBe(EXIT.ok);
    const CLEAR = "\r\x1b[K";
    expect(stderr.startsWith(`${CLEAR}hiro-lookup: server error 503; retry 1 in `)).toBe(true);
    expect(stderr).toMatch(/retry 1 in [12] s…/);
    expect(stderr.endsWith("\r\x1b[K")).toBe(true);
    expect(stderr).not.toContain("\n");
  });

  it("no notice when stderr is not a terminal", async () => {
    const { stderr } = await cli(["--retries", "1", "status"], {
      handler: (_r, n) => (n === 1 ? json({}, 503, { "retry-after": "1" }) : json(STATUS)),
    });
    expect(stderr).toBe("");
  });

  it("search counts the ids answered", async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `${PRINCIPAL}:${i + 1}`);
    const { stderr, code } = await cli(["search", ...ids], {
      tty: true,
      handler: (request) =>
        json(
          new URL(request.url).searchParams.getAll("contract").map((id) => ({
            contract_id: id.split(":")[0],
            token_number: Number(id.split(":")[1]),
            token_type: "sft",
            tx_id: "0x00",
            sender_address: "S",
          })),
        ),
    });
    expect(code).toBe(EXIT.ok);
    expect(stderr).toBe("\r50 / 60\r60 / 60\n");
  });
});
