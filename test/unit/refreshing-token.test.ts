/**
 * A re-minted token answers `200` with only `metadata` (`token_uri`, `decimals`, `total_supply` gone until
 * its job runs again): the caller gets a signal (`isRefreshingToken`), `waitForMetadata` waits for a
 * complete record when asked (`complete: true`), and the CLI notes it on stderr.
 */
import { describe, expect, it } from "vitest";
import { isRefreshingToken, waitForMetadata } from "../../src/index.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { fakeFetch, json, LOCAL, never, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const METADATA = { sip: 16, name: "key #35" };
const COMPLETE = {
  token_uri: "https://example.com/35.json",
  decimals: 6,
  total_supply: "250",
  metadata: METADATA,
};
const REFRESHING = { metadata: METADATA };
const params = { principal: PRINCIPAL, token_id: 35 };

describe("a token being refreshed (after a second mint)", () => {
  it("isRefreshingToken tells it from a complete token and from a failed job's {}", () => {
    expect(isRefreshingToken(REFRESHING)).toBe(true);
    expect(isRefreshingToken(COMPLETE)).toBe(false);
    expect(isRefreshingToken({})).toBe(false);
    expect(isRefreshingToken({ token_uri: "ipfs://x", metadata: METADATA })).toBe(false); // an NFT's whole record
  });

  it("waitForMetadata with complete: true asks again until the record is complete", async () => {
    const { client, requests } = createTestClient((_, call) => json(call < 3 ? REFRESHING : COMPLETE));
    expect(await waitForMetadata(client, params, { complete: true, initialDelayMs: 5 })).toEqual(COMPLETE);
    expect(requests).toHaveLength(3);
    // Without it, the first answer is returned as it came.
    const { client: plain } = createTestClient(() => json(REFRESHING));
    expect(await waitForMetadata(plain, params, { initialDelayMs: 5 })).toEqual(REFRESHING);
  });

  it("waitForMetadata with complete: true returns the last answer at its deadline, still flagged", async () => {
    const { client } = createTestClient(() => json(REFRESHING));
    const token = await waitForMetadata(client, params, {
      complete: true,
      deadlineMs: 60,
      initialDelayMs: 10,
    });
    expect(isRefreshingToken(token)).toBe(true);
  });

  // Issue 35 item 2: after answered 200s, the wait slept up to its deadline and its next try (no time
  // left) threw HiroTimeoutError "no answer within … ms" instead of returning the last answer.
  it("complete: true, a slow service: no sleep into the deadline, the last 200 returned", async () => {
    const { client } = createTestClient(async () => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      return json(REFRESHING);
    });
    const options = { complete: true, deadlineMs: 200, initialDelayMs: 10_000 };
    expect(await waitForMetadata(client, params, options)).toEqual(REFRESHING);
  });

  it("complete: true, a try still running at the deadline: the last 200 is returned, not a timeout", async () => {
    const { client, requests } = createTestClient((request, call) =>
      call === 1 ? json(REFRESHING) : never(request),
    );
    const token = await waitForMetadata(client, params, {
      complete: true,
      deadlineMs: 150,
      initialDelayMs: 10,
    });
    expect(token).toEqual(REFRESHING);
    expect(requests).toHaveLength(2);
  });

  async function cli(argv: string[], answer: unknown) {
    const { fetch } = fakeFetch(() => json(answer));
    return runCliInProcess(["--retries", "0", "--metadata-url", LOCAL, ...argv], {}, { fetch });
  }

  it("the CLI prints the data and a note on stderr; a complete token gets none", async () => {
    const refreshing = await cli(["sft", PRINCIPAL, "35"], REFRESHING);
    expect(refreshing.code).toBe(0);
    expect(JSON.parse(refreshing.stdout)).toEqual(REFRESHING);
    expect(refreshing.stderr).toMatch(/^hiro-lookup: note: .*no token_uri.*refreshed.*--wait --complete/);
    expect((await cli(["sft", PRINCIPAL, "35"], COMPLETE)).stderr).toBe("");
  });

  it("sft --wait --complete still incomplete at --wait-timeout exits 5, the data printed", async () => {
    const run = await cli(
      ["sft", PRINCIPAL, "35", "--wait", "--complete", "--wait-timeout", "50"],
      REFRESHING,
    );
    expect(run.code).toBe(5);
    expect(JSON.parse(run.stdout)).toEqual(REFRESHING);
    expect(run.stderr).toMatch(/still being refreshed after 50 ms \(--wait-timeout\)/);
  });
});
