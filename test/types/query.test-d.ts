/**
 * `hiro-lookup/query`'s types: the options carry the lookup's data and a HiroError error, so TanStack's
 * observers (and `useQuery`, which takes the same options) infer both; bigints are not in keys.
 */
import { InfiniteQueryObserver, QueryClient, QueryObserver } from "@tanstack/query-core";
import { describe, expectTypeOf, it } from "vitest";
import {
  type ApiStatusResponse,
  createLookupClient,
  type HiroError,
  type Inscription,
  type SftMetadataResponse,
} from "../../src/index.js";
import { createLookupQueries, type LookupDataKey, type LookupQueryKey } from "../../src/query/index.js";

const q = createLookupQueries(createLookupClient());
const qc = new QueryClient();
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";

describe("hiro-lookup/query types", () => {
  it("has helpers for the lookups only: not for the client's paginate or raw", () => {
    expectTypeOf(q).toHaveProperty("getTransactionActivity");
    expectTypeOf(q).not.toHaveProperty("paginate");
    expectTypeOf(q).not.toHaveProperty("raw");
  });

  it("infer the data and a HiroError", () => {
    const observer = new QueryObserver(
      qc,
      q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 35n }),
    );
    const result = observer.getCurrentResult();
    expectTypeOf(result.data).toEqualTypeOf<SftMetadataResponse | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<HiroError | null>();
  });

  it("infer an infinite list's pages", () => {
    const observer = new InfiniteQueryObserver(
      qc,
      q.getSatoshiInscriptions.infiniteQueryOptions({ ordinal: 1n }),
    );
    const pages = observer.getCurrentResult().data?.pages;
    expectTypeOf(pages?.[0]?.results).toEqualTypeOf<Inscription[] | undefined>();
  });

  it("type the keys with their data (DataTag): getQueryData has the lookup's type", () => {
    const key = q.getSftMetadata.queryKey({ principal: PRINCIPAL, token_id: 35n });
    expectTypeOf(qc.getQueryData(key)).toEqualTypeOf<SftMetadataResponse | undefined>();
    const options = q.getSftMetadata.queryOptions({ principal: PRINCIPAL, token_id: 35n });
    expectTypeOf(qc.getQueryData(options.queryKey)).toEqualTypeOf<SftMetadataResponse | undefined>();
    const pages = q.getSatoshiInscriptions.infiniteQueryOptions({ ordinal: 1n }).queryKey;
    expectTypeOf(qc.getQueryData(pages)?.pages[0]?.results).toEqualTypeOf<Inscription[] | undefined>();
    qc.setQueryData(key, (old) => old);
    // @ts-expect-error the key's data is an SFT's metadata, not a page.
    qc.setQueryData(key, { limit: 1, offset: 0, total: 0, results: [] });
  });

  it("take no argument where the lookup's parameters are all optional", () => {
    expectTypeOf(q.getApiStatus.queryOptions().queryKey).toEqualTypeOf<LookupDataKey<ApiStatusResponse>>();
    expectTypeOf(q.getFungibleTokens.infiniteQueryOptions().initialPageParam).toEqualTypeOf<number>();
    // @ts-expect-error getSftMetadata's parameters are required.
    q.getSftMetadata.queryOptions();
  });

  it("give keys of plain JSON, and take each lookup's own parameters", () => {
    expectTypeOf(q.getTransactionActivity.queryKey({ tx_id: "ab" })).toExtend<LookupQueryKey>();
    // @ts-expect-error `tokenId` is not a parameter of getSftMetadata.
    q.getSftMetadata.queryKey({ principal: PRINCIPAL, tokenId: 1 });
    // @ts-expect-error getSftMetadata is not paged: it has no infinite query.
    void q.getSftMetadata.infiniteQueryOptions;
  });
});
