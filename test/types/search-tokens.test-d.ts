/** Types of `client.searchTokens`: the wire's parameter name, the generated item type, the summary's fields. */
import { describe, expectTypeOf, it } from "vitest";
import { createLookupClient, type SearchResultItem, type SearchTokensResult } from "../../src/index.js";

const client = createLookupClient();
const ID = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1:35";

describe("searchTokens", () => {
  it("takes the wire's name, contract, and resolves with { results, missing }", () => {
    expectTypeOf(
      client.searchTokens({ contract: [ID], locale: "es" }, { concurrency: 2 }),
    ).resolves.toEqualTypeOf<SearchTokensResult>();
    expectTypeOf<SearchTokensResult["results"]>().toEqualTypeOf<SearchResultItem[]>();
    expectTypeOf<SearchTokensResult["missing"]>().toEqualTypeOf<string[]>();
    // @ts-expect-error `contracts` is not the parameter; the spec's name is `contract`.
    void client.searchTokens({ contracts: [ID] });
    // @ts-expect-error one id is still a list.
    void client.searchTokens({ contract: ID });
  });

  it("an item is a summary: renamed image fields, no metadata object", () => {
    expectTypeOf<SearchResultItem["token_number"]>().toEqualTypeOf<number>();
    expectTypeOf<SearchResultItem["image_uri"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SearchResultItem["image_canonical_uri"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SearchResultItem>().not.toHaveProperty("metadata");
  });
});
