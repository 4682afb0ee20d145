/**
 * `hiro-lookup search`: in-process through runCli, the client over an injected fetch that answers like
 * upstream's search (the tokens it knows among those asked, in its own order).
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { fakeFetch, json, LOCAL, PRINCIPAL } from "../helpers/fake-fetch.js";

const FT = "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token";
const UNKNOWN = `${PRINCIPAL}:36`;
const itemOf = (key: string) => {
  const [contract_id = "", n = "1"] = key.split(":");
  return { contract_id, token_number: Number(n), token_type: "sft", tx_id: "0x00", sender_address: "S" };
};

async function cli(argv: string[], stdin?: Iterable<string> | AsyncIterable<string>) {
  const fake = fakeFetch((request) => {
    const asked = new URL(request.url).searchParams.getAll("contract");
    return json(
      asked
        .filter((id) => id !== UNKNOWN)
        .reverse()
        .map(itemOf),
    );
  });
  const run = await runCliInProcess(
    ["--retries", "0", "--metadata-url", LOCAL, ...argv],
    {},
    {
      fetch: fake.fetch,
      ...(stdin ? { stdin: Symbol.asyncIterator in stdin ? stdin : Readable.from(stdin) } : {}),
    },
  );
  return { ...run, requests: fake.requests };
}

const keys = (text: string) =>
  (JSON.parse(text) as { results: ReturnType<typeof itemOf>[] }).results.map(
    (i) => `${i.contract_id}:${i.token_number}`,
  );

describe("hiro-lookup search with very many ids", () => {
  it("reads 130,000 ids from stdin and asks them all, 50 a request (a spread of them overflowed the stack)", async () => {
    const ids = Array.from({ length: 130_000 }, (_, i) => `${PRINCIPAL}:${i + 1000}`);
    const stdin = [ids.slice(0, 65_000).join("\n"), "\n", ids.slice(65_000).join("\n")];
    const { code, stderr, requests } = await cli(["search", "-", "--concurrency", "16", "--ndjson"], stdin);
    expect(stderr).toBe("");
    expect(code).toBe(EXIT.ok);
    expect(requests).toHaveLength(2_600);
  }, 60_000);

  it("refuses more ids than the documented cap with exit 2 and a message, sending nothing", async () => {
    const line = `${PRINCIPAL}:1\n`;
    const stdin = [line.repeat(1_000_001)];
    const { code, stderr, requests } = await cli(["search", "-"], stdin);
    expect(code).toBe(EXIT.usage);
    expect(stderr).toMatch(/at most 1000000 ids/);
    expect(requests).toHaveLength(0);
  }, 60_000);
});

describe("hiro-lookup search - refuses while reading", () => {
  /** An endless stdin of short ids, 1,000 a chunk, counting the chunks read. */
  function endless() {
    const read = { chunks: 0 };
    const chunk = "x\n".repeat(1_000);
    async function* stream() {
      for (;;) {
        read.chunks++;
        yield chunk;
      }
    }
    return { read, stdin: stream() };
  }

  it("stops reading at the 1,000,001st id, not at the end of stdin (60 MiB of ids peaked at 1.58 GB)", async () => {
    const { read, stdin } = endless();
    const { code, stderr, requests } = await cli(["search", "-"], stdin);
    expect(stderr).toMatch(/at most 1000000 ids/);
    expect(code).toBe(EXIT.usage);
    expect(requests).toHaveLength(0);
    expect(read.chunks).toBe(1_001);
  }, 60_000);

  it("refuses an id longer than any token id while reading it, however long the line", async () => {
    const read = { chunks: 0 };
    async function* oneLongLine() {
      for (;;) {
        read.chunks++;
        yield "x".repeat(64 * 1024);
      }
    }
    const { code, stderr } = await cli(["search", "-"], oneLongLine());
    expect(stderr).toMatch(/^hiro-lookup: -: an id on stdin is longer than 1000 characters/);
    expect(code).toBe(EXIT.usage);
    expect(read.chunks).toBe(1);
  });
});

describe("hiro-lookup search", () => {
  it("against a Token Metadata API older than 2.2.0 (no search route) says so, not the route's text cut off", async () => {
    const old = fakeFetch((request) =>
      json(
        {
          message: `Route GET:${new URL(request.url).pathname}${new URL(request.url).search} not found`,
          error: "Not Found",
          statusCode: 404,
        },
        404,
      ),
    );
    const { code, stderr } = await runCliInProcess(
      ["--retries", "0", "--metadata-url", LOCAL, "search", `${PRINCIPAL}:35`],
      {},
      { fetch: old.fetch },
    );
    expect(code).not.toBe(EXIT.ok);
    expect(stderr).toMatch(/predates the search \(Token Metadata API 2\.2\.0 or later has it\)/);
    expect(stderr).not.toContain("Route GET");
  });

  it("prints the tokens found in the order asked and exits 0 when all were found", async () => {
    const { code, stdout, stderr, requests } = await cli(["search", `${PRINCIPAL}:35`, FT, "--locale", "es"]);
    expect({ code, stderr }).toEqual({ code: EXIT.ok, stderr: "" });
    expect(keys(stdout)).toEqual([`${PRINCIPAL}:35`, `${FT}:1`]);
    expect(new URL(requests[0]?.url ?? "").searchParams.get("locale")).toBe("es");
  });

  // Issue 47: it printed the array of results alone, the missing ids on stderr only.
  it("--json prints { results, missing } as searchTokens gives them", async () => {
    const { code, stdout } = await cli(["search", UNKNOWN, FT, "--json"]);
    expect(code).toBe(EXIT.notFound);
    const printed = JSON.parse(stdout) as { results: unknown[]; missing: string[] };
    expect(Object.keys(printed)).toEqual(["results", "missing"]);
    expect(printed.missing).toEqual([UNKNOWN]);
    expect(keys(stdout)).toEqual([`${FT}:1`]);
  });

  it("names each missing id on stderr, as written, and exits 3", async () => {
    const { code, stdout, stderr } = await cli(["search", UNKNOWN, FT, `${PRINCIPAL}:0036`]);
    expect(code).toBe(EXIT.notFound);
    expect(keys(stdout)).toEqual([`${FT}:1`]);
    expect(stderr).toBe(`hiro-lookup: not found: ${UNKNOWN}\nhiro-lookup: not found: ${PRINCIPAL}:0036\n`);
  });

  it("- reads ids from stdin (whitespace-separated, # comments), beside the arguments", async () => {
    const stdin = [`${PRINCIPAL}:35\n# my wallet\n`, `${FT} ${PRINCIPAL}:`, "7\n"];
    const { code, stdout, requests } = await cli(["search", "-", `${PRINCIPAL}:9`, "--ndjson"], stdin);
    expect(code).toBe(EXIT.ok);
    expect(new URL(requests[0]?.url ?? "").searchParams.getAll("contract")).toEqual([
      `${PRINCIPAL}:35`,
      `${FT}:1`,
      `${PRINCIPAL}:7`,
      `${PRINCIPAL}:9`,
    ]);
    expect(
      stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).token_number),
    ).toEqual([35, 1, 7, 9]);
  });

  it("- splits ids and comments however the chunks of stdin cut them", async () => {
    const text = `${PRINCIPAL}:35 ${FT}#${FT}:2 and more\n\t${PRINCIPAL}:7 # my ${PRINCIPAL}:8\n#${FT}:3\n${PRINCIPAL}:9`;
    for (let size = 1; size <= 70; size += 3) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
        text.slice(i * size, (i + 1) * size),
      );
      const { requests } = await cli(["search", "-"], chunks);
      expect(new URL(requests[0]?.url ?? "").searchParams.getAll("contract"), `chunks of ${size}`).toEqual([
        `${PRINCIPAL}:35`,
        `${FT}:1`,
        `${PRINCIPAL}:7`,
        `${PRINCIPAL}:9`,
      ]);
    }
  });

  it("a bad id or option: exit 2, one line naming it, nothing sent", async () => {
    const bad = await cli(["search", FT, PRINCIPAL.toLowerCase()]);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toMatch(/^hiro-lookup: <id> #2: must be "PRINCIPAL" or "PRINCIPAL:TOKEN_NUMBER"/);
    expect(bad.requests).toHaveLength(0);
    const many = await cli(["search", FT, "--concurrency", "17"]);
    expect(many.stderr).toMatch(/^hiro-lookup: --concurrency: must be an integer from 1 to 16/);
    expect((await cli(["search", "-"], [" # nothing\n"])).stderr).toBe("hiro-lookup: -: stdin held no ids\n");
  });
});
