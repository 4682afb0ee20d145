/**
 * Token numbers past upstream's column (a PostgreSQL bigint: at most 2^63 - 1) are refused before
 * sending, for every token-number input: getSftMetadata's and getNftMetadata's `token_id`, and each
 * `PRINCIPAL:N` of searchTokens (where one such id made the whole search answer 500, taking the good ids
 * with it). The message is true for the value: 2^63 is exactly a JS number, so it says why it is refused.
 */
import { describe, expect, it } from "vitest";
import { HiroValidationError } from "../../src/index.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const TWO_63 = "9223372036854775808"; // 2^63: a JS number holds it exactly
const TEN_19 = "10000000000000000000"; // 10^19: past the column, and rounded by a JS number

describe("token numbers the service cannot hold", () => {
  it.each([TWO_63, TEN_19, 2n ** 64n])("refuses token_id %s for sft and nft, sending nothing", async (id) => {
    const { client, requests } = createTestClient(() => json({}));
    for (const lookup of [client.getSftMetadata, client.getNftMetadata]) {
      const error = await lookup({ principal: PRINCIPAL, token_id: id }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HiroValidationError);
      expect(error).toMatchObject({ parameter: "token_id" });
      expect((error as Error).message).toContain("2^63-1");
    }
    expect(requests).toHaveLength(0);
  });

  it("refuses a search entry past the column, naming it, and sends none of the good ids", async () => {
    const { client, requests } = createTestClient(() => json([]));
    const contract = [
      ...Array.from({ length: 119 }, (_, i) => `${PRINCIPAL}:${i}`),
      `${PRINCIPAL}:${TEN_19}`,
    ];
    const error = await client.searchTokens({ contract }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({ parameter: "contract[119]" });
    expect((error as Error).message).toContain("2^63-1");
    expect(requests).toHaveLength(0);
  });

  it("still sends a number below the column that a JS number writes back exactly (10^18)", async () => {
    const { client, requests } = createTestClient(() => json({}));
    await client.getNftMetadata({ principal: PRINCIPAL, token_id: 10n ** 18n });
    expect(new URL(requests[0]?.url ?? "").pathname.endsWith("/1000000000000000000")).toBe(true);
  });

  it("says what a JS number does to an id it rounds below the column (2^62)", async () => {
    const { client } = createTestClient(() => json({}));
    const error = await client
      .getNftMetadata({ principal: PRINCIPAL, token_id: 2n ** 62n })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain("4611686018427388000");
  });
});
