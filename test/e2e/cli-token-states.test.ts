/**
 * The CLI as a process against token states upstream's own servers answer (TMA v2.3.0 on PostgreSQL):
 * a token being refreshed that stays so past `--wait-timeout`, and a token whose metadata job failed
 * (`{}` from the SFT/NFT routes, the three-field answer from the FT route). Each server is a loopback
 * server of the test's, with a little latency, as a real one has.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
const REFRESHING = { metadata: { sip: 16, name: "key #35" } };
/** What upstream's FT route answers for a token whose job failed: only the contract's own fields. */
const FAILED_FT = {
  tx_id: "0x5642ca7d68976b6b2a2055689d9a57de26d67f0dd8b016d1b0d94cb634454cdd",
  sender_address: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM",
  asset_identifier: `${FT}::alex`,
};

let servers: SmallServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** A loopback server answering every request with `body` (200) after a few ms. */
async function answering(body: unknown): Promise<SmallServer> {
  const server = await serveWith(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return Response.json(body);
  });
  servers.push(server);
  return server;
}

const cli = (url: string, args: string[]) =>
  runCliProcess(["--metadata-url", url, "--retries", "0", ...args], { HIRO_API_KEY: "" });

describe("sft --wait --complete at its deadline (the token still being refreshed)", () => {
  // Before: the wait slept up to the deadline, its next try had no time left, and the CLI exited 6
  // "no answer within 1500 ms" although every try had answered 200.
  it("prints the last answer, says it is still being refreshed, and exits 5 (not 6, no answer)", async () => {
    const server = await answering(REFRESHING);
    const run = await cli(server.url, [
      "sft",
      PRINCIPAL,
      "35",
      "--wait",
      "--complete",
      "--wait-timeout",
      "1500",
    ]);
    expect(run.stderr).not.toMatch(/no answer/);
    expect(run.code).toBe(5);
    expect(JSON.parse(run.stdout)).toEqual(REFRESHING);
    expect(run.stderr).toMatch(/still being refreshed after 1500 ms \(--wait-timeout\)/);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
  });
});

describe("a token whose metadata job failed", () => {
  // Before: exit 0, the body printed, nothing on stderr (a re-minted token had its note).
  it.each([
    ["sft", ["sft", PRINCIPAL, "35"], {}],
    ["nft", ["nft", PRINCIPAL, "35"], {}],
    ["ft", ["ft", FT], FAILED_FT],
  ])("%s: prints the answer, exits 0, and says on stderr that the job failed", async (_, args, body) => {
    const server = await answering(body);
    const run = await cli(server.url, args);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(body);
    expect(run.stderr).toMatch(/^hiro-lookup: note: .*no metadata.*job .*failed/);
    expect(run.stderr).toMatch(/explain/);
  });
});
