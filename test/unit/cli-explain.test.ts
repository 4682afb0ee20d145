/**
 * `hiro-lookup explain` (issue 31), in-process through runCli against a local service and a token's host:
 * JSON when stdout is not a terminal or with --json, text on a terminal, nothing raw from a server on
 * either, the gateway flags, and a wrong kind refused by name before anything is sent. Its exit code is
 * the verdict's; a loopback host is refused unless --allow-private-network; under --mock the token
 * hosts are the mock's own (the documents and images its examples name).
 */
import { afterEach, describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import type { CliIo } from "../../src/cli/io.js";
import { runCli } from "../../src/cli/program.js";
import { answerFor, routeOf, tokenHostFetch } from "../../src/mock/index.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CID = "QmYCnfeseno5cLpC75rmy6LQhsNYQCJabiuwqNUXMaA3Fo";

const servers: SmallServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A service answering the SFT with `tokenUri`, and a host whose every answer is a challenge page. */
async function setting(tokenUri: (host: string) => string) {
  const host = await serveWith(
    () =>
      new Response("<title>Just a moment...\u001b[2J</title>", {
        status: 403,
        headers: { "content-type": "text/html", "cf-mitigated": "challenge" },
      }),
  );
  const service = await serveWith(
    () =>
      new Response(
        JSON.stringify({ token_uri: tokenUri(host.url), metadata: { sip: 16, name: "Key \u001b[31m#35" } }),
        {
          headers: { "content-type": "application/json" },
        },
      ),
  );
  servers.push(host, service);
  return { host, service };
}

async function cli(argv: string[], tty = false, extra: Partial<CliIo> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["--retries", "0", ...argv], {
    env: {},
    stdout: { write: (text: string) => (stdout += text), isTTY: tty, columns: 80 },
    stderr: { write: (text: string) => (stderr += text) },
    ...extra,
  });
  return { code, stdout, stderr };
}

/** The loopback test hosts need the opt-in: a private address is refused by default. */
const LOCAL = "--allow-private-network";

describe("hiro-lookup explain", () => {
  it("prints the diagnosis as JSON when stdout is not a terminal", async () => {
    const { service } = await setting((host) => `${host}/35.json`);
    const run = await cli(["--metadata-url", service.url, "explain", "sft", PRINCIPAL, "35", LOCAL]);
    // Before: exit 0 whatever the verdict.
    expect(run.code).toBe(EXIT.explainProblem);
    const diagnosis = JSON.parse(run.stdout);
    expect(diagnosis.verdict).toBe("problem");
    expect(diagnosis.findings.map((finding: { code: string }) => finding.code)).toEqual([
      "indexed_ok",
      "uri_bot_challenge",
    ]);
    expect(diagnosis.fixes.map((fix: { audience: string }) => fix.audience)).toEqual([
      "host",
      "contract_owner",
      "self_hoster",
    ]);
  });

  it("prints text on a terminal, JSON with --json, and nothing raw from the service or the host", async () => {
    const { service } = await setting((host) => `${host}/35.json\u001b]0;title\u0007`);
    const text = await cli(["--metadata-url", service.url, "explain", "sft", PRINCIPAL, "35", LOCAL], true);
    expect(text.code).toBe(EXIT.explainProblem);
    expect(text.stdout).toMatch(/^verdict: problem\n/);
    expect(text.stdout).toContain("FIX uri_bot_challenge");
    expect(text.stdout).toContain("[host] Lift the bot protection");
    expect(text.stdout).not.toMatch(RAW_CONTROL);
    expect(
      Math.max(
        ...text.stdout
          .split("\n")
          .filter((line) => !line.includes("source:"))
          .map((line) => line.length),
      ),
    ).toBeLessThanOrEqual(80);
    const json = await cli(
      ["--metadata-url", service.url, "--json", "explain", "sft", PRINCIPAL, "35", LOCAL],
      true,
    );
    expect(JSON.parse(json.stdout).verdict).toBe("problem");
    expect(json.stdout).not.toMatch(RAW_CONTROL);
  });

  it("--ipfs-gateway sends ipfs:// URIs through the gateway given", async () => {
    const { host, service } = await setting(() => `ipfs://${CID}/35.json`);
    const run = await cli([
      "--metadata-url",
      service.url,
      "explain",
      "sft",
      PRINCIPAL,
      "35",
      "--ipfs-gateway",
      host.url,
      LOCAL,
    ]);
    expect(JSON.parse(run.stdout).findings[1].code).toBe("uri_bot_challenge");
    expect(host.requests).toEqual([`/ipfs/${CID}/35.json`]);
  });

  it("refuses a kind it does not know, naming it, and sends nothing", async () => {
    const { service } = await setting((host) => `${host}/35.json`);
    const run = await cli(["--metadata-url", service.url, "explain", "sip13", PRINCIPAL, "35"]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain("must be ft, nft or sft");
    expect(service.requests).toEqual([]);
  });

  it("refuses a token id for ft and none for nft, by the argument's name", async () => {
    const { service } = await setting((host) => `${host}/35.json`);
    const ft = await cli(["--metadata-url", service.url, "explain", "ft", PRINCIPAL, "1"]);
    expect(ft.code).toBe(EXIT.usage);
    expect(ft.stderr).toContain("token_id");
    const nft = await cli(["--metadata-url", service.url, "explain", "nft", PRINCIPAL]);
    expect(nft.code).toBe(EXIT.usage);
    expect(service.requests).toEqual([]);
  });

  it("refuses a loopback token host by default: uri_private_address, exit 11, nothing fetched", async () => {
    const { host, service } = await setting((url) => `${url}/35.json`);
    const run = await cli(["--metadata-url", service.url, "explain", "sft", PRINCIPAL, "35"]);
    expect(run.code).toBe(EXIT.explainUnchecked);
    const diagnosis = JSON.parse(run.stdout);
    expect(diagnosis.verdict).toBe("unchecked");
    expect(diagnosis.findings.map((finding: { code: string }) => finding.code)).toContain(
      "uri_private_address",
    );
    expect(run.stdout).toContain("--allow-private-network");
    expect(host.requests).toEqual([]);
  });

  it("says its output and exit codes in its help, and the global --json agrees", async () => {
    const help = await cli(["explain", "--help"]);
    expect(help.stdout).toContain(
      "Output: text on a terminal; JSON with --json or when stdout is not a terminal.",
    );
    expect(help.stdout).toContain(
      `Exit codes: 0 verdict ok, ${EXIT.explainProblem} problem, ${EXIT.explainPending} pending, ${EXIT.explainUnchecked} unchecked`,
    );
    expect(help.stdout).toContain("--allow-private-network");
    // Before: "print JSON (the default; …)", while explain printed text on a terminal.
    expect(help.stdout.replace(/\s+/g, " ")).toContain(
      "print JSON (the default, but explain prints text on a terminal",
    );
  });
});

/** The mock as `--mock` gives it, in-process: its rules on a loopback port, and its token hosts. */
const mockIo: Partial<CliIo> = {
  startMock: async () => {
    const server = await serveWith((path) => {
      const url = new URL(path, "http://mock");
      const route = routeOf(url.pathname);
      if (!route) return new Response("{}", { status: 404 });
      const answer = answerFor(route.operationId, { path: route.path, query: url.searchParams });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json", ...answer.headers },
      });
    });
    servers.push(server);
    return { url: server.url, stop: () => server.close(), tokenHost: tokenHostFetch() };
  },
};

describe("hiro-lookup --mock explain, offline end to end", () => {
  const NFT = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";
  const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
  const codes = (stdout: string) =>
    JSON.parse(stdout).findings.map((finding: { code: string }) => finding.code);

  it.each([[["sft", PRINCIPAL, "35"]], [["nft", NFT, "1234"]], [["ft", FT]]])(
    "a good token of the mock ends ok, its document and image served by the mock: %s",
    async (args) => {
      const run = await cli(["--mock", "explain", ...args], false, mockIo);
      // Before: the mock's hosts did not resolve, and every token ended "[host] Make the token URI answer 200".
      expect(codes(run.stdout)).toEqual(["indexed_ok", "uri_ok", "image_ok"]);
      expect(JSON.parse(run.stdout).verdict).toBe("ok");
      expect(run.code).toBe(EXIT.ok);
    },
  );

  it.each([
    ["3", ["metadata_incomplete", "uri_unreachable"], EXIT.explainProblem],
    ["4", ["metadata_incomplete"], EXIT.explainProblem],
    ["36", ["metadata_pending"], EXIT.explainPending],
    ["37", ["token_error"], EXIT.explainProblem],
  ])("a bad token of the mock names its cause: token %s → %o, exit %i", async (id, expected, exit) => {
    const run = await cli(["--mock", "explain", "sft", PRINCIPAL, id], false, mockIo);
    expect(codes(run.stdout)).toEqual(expected);
    expect(run.code).toBe(exit);
  });

  it("a URI the mock's examples do not name is this machine's trouble under --mock, not the token's", async () => {
    const run = await cli(
      ["--mock", "explain", "sft", PRINCIPAL, "37", "--uri", "https://tokens.example.com/37.json"],
      false,
      mockIo,
    );
    expect(codes(run.stdout)).toEqual(["token_error", "uri_not_reached"]);
    expect(run.stdout).toContain("Under --mock only the URIs the mock's examples name are served");
  });
});
