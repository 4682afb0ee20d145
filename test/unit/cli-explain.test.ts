/**
 * `hiro-lookup explain` (issue 31), in-process through runCli against a local service and a token's host:
 * JSON when stdout is not a terminal or with --json, text on a terminal, nothing raw from a server on
 * either, the gateway flags, and a wrong kind refused by name before anything is sent.
 */
import { afterEach, describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/program.js";
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

async function cli(argv: string[], tty = false) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["--retries", "0", ...argv], {
    env: {},
    stdout: { write: (text: string) => (stdout += text), isTTY: tty, columns: 80 },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe("hiro-lookup explain", () => {
  it("prints the diagnosis as JSON when stdout is not a terminal", async () => {
    const { service } = await setting((host) => `${host}/35.json`);
    const run = await cli(["--metadata-url", service.url, "explain", "sft", PRINCIPAL, "35"]);
    expect(run.code).toBe(EXIT.ok);
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
    const text = await cli(["--metadata-url", service.url, "explain", "sft", PRINCIPAL, "35"], true);
    expect(text.code).toBe(EXIT.ok);
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
      ["--metadata-url", service.url, "--json", "explain", "sft", PRINCIPAL, "35"],
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
});
