/**
 * The CLI's refusals name what the user typed: the argument as the usage line shows it (`<token_id>`,
 * the search's `<id> #2`), the flag, and the forms a command line can give (decimal digits), not the
 * library's parameter names or a JS caller's types. In-process through runCli: nothing is sent.
 */
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";

const P = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const TX = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";

async function refusal(argv: string[]): Promise<string> {
  const sent: string[] = [];
  // A real client whose fetch records: a refusal sends nothing.
  const { code, stderr } = await runCliInProcess(
    ["--base-url", "http://127.0.0.1:9", ...argv],
    {},
    {
      fetch: async (input: RequestInfo | URL) => {
        sent.push(String(input));
        return new Response("{}", { status: 500 });
      },
    },
  );
  expect(code).toBe(EXIT.usage);
  expect(sent).toEqual([]);
  return stderr.trimEnd();
}

describe("the CLI's refusals in its own words", () => {
  it.each([
    [
      ["search", P, `${P}::x`],
      `hiro-lookup: <id> #2: must be "PRINCIPAL" or "PRINCIPAL:TOKEN_NUMBER" (a contract principal, then an optional ":" and decimal digits); the token number after ":" must be decimal digits; got "${P}::x"`,
    ],
    [
      ["nft", P, "abc"],
      'hiro-lookup: <token_id>: must be an integer from 0 up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1 (decimal digits); got "abc"',
    ],
    [
      ["sft", P, "-5"],
      'hiro-lookup: <token_id>: must be an integer from 0 up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1 (decimal digits); got "-5"',
    ],
    [
      ["sat-inscriptions", "1.5"],
      'hiro-lookup: <ordinal>: must be an integer from 0 to 2099999997689999 (decimal digits); got "1.5"',
    ],
    [
      ["sft", "bad", "5"],
      'hiro-lookup: <principal>: must be a contract principal "<address>.<contract name>", but has no "."; got "bad"',
    ],
    [
      ["tx-activity", "zz"],
      'hiro-lookup: <tx_id>: must be 64 hex characters (an optional 0x prefix is removed); got "zz"',
    ],
    [
      ["sat-inscriptions", "5", "--limit", "100"],
      "hiro-lookup: --limit: must be an integer from 1 to 60; got 100",
    ],
  ])("%j", async (argv, line) => {
    const text = await refusal(argv);
    expect(text).toBe(line);
    expect(text).not.toMatch(/contract\[|bigint|safe integer|token_id:|ordinal:|tx_id:/);
  });

  it("a tx id refusal under tx-activity and explain says the same", async () => {
    expect(await refusal(["tx-activity", `${TX}0`])).toMatch(/^hiro-lookup: <tx_id>: /);
    expect(await refusal(["explain", "sft", "bad", "5"])).toMatch(/^hiro-lookup: <principal>: /);
  });

  it.each([
    [
      ["verify", "--metadata-url", "http://127.0.0.1:9", "--principal", P, "--token-id", "x"],
      'hiro-lookup: --token-id: must be an integer from 0 up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1 (decimal digits); got "x"',
    ],
    [
      ["verify", "--ordinals-url", "http://127.0.0.1:9", "--ordinal", "-1"],
      'hiro-lookup: --ordinal: must be an integer from 0 to 2099999997689999 (decimal digits); got "-1"',
    ],
    [
      ["verify", "--runes-url", "http://127.0.0.1:9", "--tx-id", "0xzz"],
      'hiro-lookup: --tx-id: must be 64 hex characters (an optional 0x prefix is removed); got "0xzz"',
    ],
    [
      ["--base-url", "http://u:p@127.0.0.1:9", "status"],
      "hiro-lookup: --base-url: must not carry credentials (user:password@): pass a key with --api-key",
    ],
  ])(
    "verify's samples and the URLs are checked by the library's own rules, named by their flag: %j",
    async (argv, line) => {
      const { code, stderr } = await runCliInProcess(argv);
      expect(code).toBe(EXIT.usage);
      expect(stderr.trimEnd()).toBe(line);
    },
  );
});

/** Runs `argv` with a client whose every request `answer` answers (no network); its exit code and stderr. */
async function failure(
  argv: string[],
  answer: (request: Request) => Promise<Response>,
): Promise<{ code: number; line: string }> {
  const { code, stderr } = await runCliInProcess(
    ["--base-url", "http://127.0.0.1:9", "--retries", "0", ...argv],
    {},
    { fetch: async (input: RequestInfo | URL, init?: RequestInit) => answer(new Request(input, init)) },
  );
  return { code, line: stderr.trimEnd() };
}

const SFT_URL = `http://127.0.0.1:9/metadata/v1/sft/${P}/5`;

describe("a lookup's failure told with the command's name, built from the error's fields", () => {
  it.each([
    [
      "an API error",
      async () => Response.json({ error: "Token not found" }, { status: 404 }),
      "hiro-lookup: sft: HTTP 404 Token not found (not_found)",
    ],
    [
      "a pending token, with what to do",
      async () => Response.json({ error: "Token metadata fetch in progress" }, { status: 422 }),
      "hiro-lookup: sft: HTTP 422 Token metadata fetch in progress (metadata_pending); ask again later, or add --wait to ask until it is there",
    ],
    [
      "a network error",
      async (): Promise<Response> => {
        throw new TypeError("fetch failed");
      },
      `hiro-lookup: sft: GET ${SFT_URL} failed after 1 attempt: fetch failed`,
    ],
    [
      "a body that is not JSON",
      async () => new Response("<html>", { status: 200, headers: { "content-type": "text/html" } }),
      /^hiro-lookup: sft: HTTP 200 with .+ \(invalid_response\)$/,
    ],
  ])("%s", async (_, answer, expected) => {
    const { line } = await failure(["sft", P, "5"], answer);
    if (typeof expected === "string") expect(line).toBe(expected);
    else expect(line).toMatch(expected);
    expect(line).not.toContain("getSftMetadata");
  });

  it("a timeout", async () => {
    const { code, line } = await failure(
      ["--timeout", "30", "sft", P, "5"],
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        ),
    );
    expect(code).toBe(EXIT.network);
    expect(line).toBe(`hiro-lookup: sft: GET ${SFT_URL}: no answer within 30 ms (1 attempt timed out)`);
  });

  it("--wait's deadline, named by its flag", async () => {
    const { line } = await failure(["sft", P, "5", "--wait", "--wait-timeout", "100"], async () =>
      Response.json({ error: "Token metadata fetch in progress" }, { status: 422 }),
    );
    expect(line).toBe(
      "hiro-lookup: sft: the token's metadata was still being fetched after 100 ms (--wait-timeout)",
    );
  });

  it("a paged service with no URL names the flag that sets it, and sends nothing", async () => {
    const sent: string[] = [];
    const { code, stderr } = await runCliInProcess(
      ["--metadata-url", "http://127.0.0.1:9", "sat-inscriptions", "5"],
      {},
      {
        fetch: async (input: RequestInfo | URL) => {
          sent.push(String(input));
          return new Response("{}");
        },
      },
    );
    expect(code).toBe(EXIT.usage);
    expect(sent).toEqual([]);
    expect(stderr.trimEnd()).toBe(
      "hiro-lookup: --ordinals-url: not set: pass --ordinals-url (or --base-url) or set HIRO_ORDINALS_URL. Hiro retired its hosted Ordinals API on 2026-03-09: point it at your bitcoin-indexer's api/ordinals. Nothing was sent.",
    );
  });
});
