/**
 * verify's search checks (src/cli/verify/verify-search-checks.ts) against deployments that break one
 * promise each, through verifyDeployment with an injected fetch.
 */
import { describe, expect, it } from "vitest";
import { verifyDeployment } from "../../src/cli/verify/verify.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";

const URL_ = "http://127.0.0.1:3999";
const ETAG = { etag: '"1713571767.123"' };
const item = (n: number) => ({
  contract_id: PRINCIPAL,
  token_number: n,
  token_type: "sft",
  tx_id: "0x00",
  sender_address: "S",
});

/** Runs verify's metadata checks; `search` answers the bulk search's requests (the rest conforms). */
async function searchRows(search: (contract: string[]) => Response) {
  const fetch = (async (input: Request | string | URL) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.pathname === "/metadata/v1/search") return search(url.searchParams.getAll("contract"));
    if (url.pathname.includes(PRINCIPAL.toLowerCase()))
      return json(
        { statusCode: 400, error: "Bad Request", message: "params/principal must match pattern" },
        400,
      );
    return json({ decimals: 6 }, 200, ETAG);
  }) as typeof globalThis.fetch;
  const { rows } = await verifyDeployment(
    { metadata: { url: URL_, principal: PRINCIPAL, tokenId: "35" } },
    { fetch, maxRetries: 0 },
  );
  return Object.fromEntries(rows.filter((r) => r.check.startsWith("search")).map((r) => [r.check, r]));
}

/** Upstream's search: the sample token when asked, the rest absent; the 400 beyond 50 ids. */
const upstream = (contract: string[]) =>
  contract.length > 50
    ? json(
        {
          statusCode: 400,
          code: "FST_ERR_VALIDATION",
          error: "Bad Request",
          message: "querystring/contract must NOT have more than 50 items",
        },
        400,
      )
    : contract.includes(`${PRINCIPAL}:35`)
      ? json([item(35)], 200, ETAG)
      : json([]);

describe("verify: the bulk search", () => {
  it("passes a deployment that searches as upstream does", async () => {
    const rows = await searchRows(upstream);
    expect(Object.keys(rows)).toEqual([
      "search: 51 ids",
      "search: sample token",
      "search: only the tokens asked",
      "search: sample body",
      "search: ETag",
      "search: unknown token",
    ]);
    expect(Object.values(rows).filter((r) => r.result !== "pass")).toEqual([]);
  });

  it("fails every search check of a deployment older than the search (its route's 404)", async () => {
    const rows = await searchRows(() =>
      json({ message: "Route GET:/metadata/v1/search not found", error: "Not Found", statusCode: 404 }, 404),
    );
    for (const r of Object.values(rows)) expect(r.result).toBe("FAIL");
    expect(rows["search: sample token"]?.got).toMatch(/^404 Not Found: Route GET/);
  });

  it("fails an unknown token that is an error, 51 ids accepted, no sample, no ETag", async () => {
    const rows = await searchRows((contract) =>
      contract.length > 1
        ? json([])
        : contract[0]?.startsWith("SP000")
          ? json({ error: "Token not found" }, 404)
          : json([item(36)]),
    );
    expect(rows["search: 51 ids"]).toMatchObject({ result: "FAIL", got: expect.stringMatching(/^200/) });
    expect(rows["search: unknown token"]).toMatchObject({
      result: "FAIL",
      got: expect.stringMatching(/^404/),
    });
    expect(rows["search: sample token"]).toMatchObject({
      result: "FAIL",
      got: expect.stringContaining("not the sample"),
    });
    expect(rows["search: ETag"]).toMatchObject({ result: "FAIL", got: "200 without ETag" });
  });
});
