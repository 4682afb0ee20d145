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
      // Long enough for a second try (after the 1 s backoff) however slow the machine's first one is.
      "5000",
    ]);
    expect(run.stderr).not.toMatch(/no answer/);
    expect(run.code).toBe(5);
    expect(JSON.parse(run.stdout)).toEqual(REFRESHING);
    expect(run.stderr).toMatch(/still being refreshed after 5000 ms \(--wait-timeout\)/);
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

describe("ft-list --all over a list whose order has ties (upstream sorts by LOWER(name) alone)", () => {
  const DEPLOYER = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM";
  /** Nameless token `n` (its job queued or failed): all of them tie on the sort key. */
  const token = (n: number) => ({
    tx_id: `0x${String(n).padStart(64, "0")}`,
    sender_address: DEPLOYER,
    contract_principal: `${DEPLOYER}.t${n}`,
    asset_identifier: `${DEPLOYER}.t${n}::t`,
  });
  const sorted = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  /** Another order of the same ties: its second page holds 2, 3, 4 again, and 5, 6, 7 on neither. */
  const reordered = [5, 6, 7, 0, 1, 2, 3, 4, 8, 9];

  // Before: 7 lines of the 10, exit 0, nothing on stderr.
  it("prints what came, says on stderr it is incomplete, and exits 9", async () => {
    let call = 0;
    const server = await serveWith((path) => {
      const query = new URL(path, "http://x").searchParams;
      const offset = Number(query.get("offset") ?? 0);
      const limit = Number(query.get("limit") ?? 20);
      const order = ++call % 2 === 1 ? sorted : reordered;
      const results = order.slice(offset, offset + limit).map(token);
      return Response.json({ limit, offset, total: 10, results });
    });
    servers.push(server);
    const run = await cli(server.url, ["ft-list", "--all", "--limit", "5"]);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(7);
    expect(new Set(lines).size).toBe(7);
    expect(run.stderr).toMatch(/^hiro-lookup: ft-list: .*7 distinct items of the 10/m);
    expect(run.stderr).toMatch(/ties|tie-breaker/);
    expect(run.code).toBe(9);
  });
});
