/**
 * `client.searchTokens` over an injected fetch that answers like upstream's search: the tokens it knows
 * among those asked, in its own order (reversed here), the others silently absent.
 */
import { describe, expect, it } from "vitest";
import {
  etagCache,
  HiroApiError,
  HiroTimeoutError,
  HiroValidationError,
  type Middleware,
  type SearchResultItem,
} from "../../src/index.js";
import { type Handler, json, never, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const FT = "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token";

/** The item upstream gives for `PRINCIPAL:N` (N defaults to 1). */
function itemOf(id: string): SearchResultItem {
  const [contract_id = "", n = "1"] = id.split(":");
  return {
    contract_id,
    token_number: Number(n),
    token_type: n === "1" ? "ft" : "sft",
    tx_id: `0x${"ab".repeat(32)}`,
    sender_address: contract_id.split(".")[0] ?? "",
  };
}

const asked = (request: Request) => new URL(request.url).searchParams.getAll("contract");

/** Upstream's search over the tokens `known` says exist: found ones only, in reverse order. */
const search =
  (known: (id: string) => boolean = () => true): Handler =>
  (request) =>
    json(asked(request).filter(known).map(itemOf).reverse(), 200, { etag: '"1713571767.123"' });

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `${PRINCIPAL}:${from + i}`);
const client = createTestClient;

describe("searchTokens: chunks", () => {
  it("sends 120 ids as 50 + 50 + 20 repeated contract keys on /metadata/v1/search", async () => {
    const { client: c, requests } = client(search());
    await c.searchTokens({ contract: ids(120), locale: "es" });
    expect(requests.map((r) => asked(r).length)).toEqual([50, 50, 20]);
    const url = new URL(requests[0]?.url ?? "");
    expect(url.pathname).toBe("/metadata/v1/search");
    expect(url.searchParams.get("locale")).toBe("es");
    expect(requests.flatMap(asked)).toEqual(ids(120));
  });

  it("each chunk goes through the middleware (and etagCache) like any lookup", async () => {
    const seen: string[] = [];
    const spy: Middleware = { onRequest: ({ request }) => void seen.push(request.url) };
    const { client: c, requests } = client(search(), { middleware: [spy, etagCache()] });
    await c.searchTokens({ contract: ids(60) });
    await c.searchTokens({ contract: ids(60) });
    expect(seen).toHaveLength(4);
    expect(requests.map((r) => r.headers.get("if-none-match"))).toEqual([
      null,
      null,
      '"1713571767.123"',
      '"1713571767.123"',
    ]);
  });

  it("etagCache keeps a search answer only when every item was asked (raw calls too)", async () => {
    const stray = () => json([itemOf(`${PRINCIPAL}:999`)], 200, { etag: '"1"' });
    for (const [handler, kept] of [
      [search(), true],
      [stray, false],
    ] as const) {
      const { client: c, requests } = client(handler, { middleware: [etagCache()] });
      const query = { contract: [`${PRINCIPAL}:1`, `${PRINCIPAL}:2`] };
      await c.raw.GET("/metadata/v1/search", { params: { query } });
      await c.raw.GET("/metadata/v1/search", { params: { query } });
      expect(requests[1]?.headers.has("if-none-match")).toBe(kept);
    }
  });

  it("concurrency: at most that many chunks in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const handler: Handler = async (request) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return search()(request, 0);
    };
    const { client: c } = client(handler);
    const { results } = await c.searchTokens({ contract: ids(260) }, { concurrency: 3 });
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1); // the pacer releases the waiting chunks together after the first answer
    expect(results).toHaveLength(260);
    await expect(c.searchTokens({ contract: ids(2) }, { concurrency: 17 })).rejects.toThrow(
      "concurrency: must be an integer from 1 to 16",
    );
  });
});

describe("searchTokens: results and missing", () => {
  it("results in the order asked, whatever the service's order, across chunks", async () => {
    const contract = [...ids(60, 100), FT, ...ids(3)].reverse();
    const { client: c } = client(search());
    const { results, missing } = await c.searchTokens({ contract }, { concurrency: 2 });
    expect(results.map((r) => `${r.contract_id}:${r.token_number}`)).toEqual(
      contract.map((id) => (id === FT ? `${FT}:1` : id)),
    );
    expect(missing).toEqual([]);
  });

  it("missing: the ids not found, as the caller wrote them, in the order asked", async () => {
    const known = (id: string) => !id.endsWith(":7") && !id.endsWith(":55");
    const { client: c } = client(search(known));
    const contract = [...ids(60), `${PRINCIPAL}:007`, `${PRINCIPAL}:7`];
    const { results, missing } = await c.searchTokens({ contract });
    expect(missing).toEqual([`${PRINCIPAL}:7`, `${PRINCIPAL}:55`, `${PRINCIPAL}:007`]);
    expect(results).toHaveLength(58);
  });

  it("duplicates are asked once: P, P:1 and P:01 are one token", async () => {
    const { client: c, requests } = client(search());
    const contract = [FT, `${FT}:1`, `${PRINCIPAL}:35`, `${FT}:01`, `${PRINCIPAL}:35`];
    const { results } = await c.searchTokens({ contract });
    expect(requests.flatMap(asked)).toEqual([`${FT}:1`, `${PRINCIPAL}:35`]);
    expect(results.map((r) => r.token_number)).toEqual([1, 35]);
  });

  it("nothing asked: nothing sent, nothing found", async () => {
    const { client: c, requests } = client(search());
    expect(await c.searchTokens({ contract: [] })).toEqual({ results: [], missing: [] });
    expect(requests).toHaveLength(0);
  });
});

describe("searchTokens: answers checked against the question", () => {
  it("an item nobody asked for in that chunk is invalid_response", async () => {
    const { client: c } = client((request) =>
      json([...asked(request).map(itemOf), itemOf(`${PRINCIPAL}:999`)]),
    );
    const error = await c.searchTokens({ contract: ids(2) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response", operationId: "searchTokens" });
    expect((error as Error).message).toContain(`item 2 is about ${PRINCIPAL}:999, a token not asked`);
  });

  it("an item asked in another chunk is not asked in this one", async () => {
    const { client: c } = client((request) =>
      json(asked(request).includes(`${PRINCIPAL}:51`) ? [itemOf(`${PRINCIPAL}:1`)] : []),
    );
    await expect(c.searchTokens({ contract: ids(60) })).rejects.toMatchObject({ kind: "invalid_response" });
  });

  it("a body that is not an array, or an item without a token, is invalid_response", async () => {
    for (const body of [{ results: [] }, [{ contract_id: PRINCIPAL }], [null]]) {
      const { client: c } = client(() => json(body));
      await expect(c.searchTokens({ contract: ids(1) })).rejects.toMatchObject({
        kind: "invalid_response",
        status: 200,
      });
    }
  });
});

describe("searchTokens: input checked before sending", () => {
  const refused = async (contract: unknown) => {
    const { client: c, requests } = client(search());
    const error = await c.searchTokens({ contract } as { contract: string[] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(requests).toHaveLength(0);
    return error as HiroValidationError;
  };

  it("names the bad entry", async () => {
    const bad = await refused([...ids(17), `${PRINCIPAL.toLowerCase()}:3`]);
    expect(bad.parameter).toBe("contract[17]");
    expect(bad.message).toMatch(/^contract\[17\]: must be "PRINCIPAL" or "PRINCIPAL:TOKEN_NUMBER"/);
    expect((await refused([FT, `${FT}:x`])).parameter).toBe("contract[1]");
    expect((await refused([FT, 35])).message).toContain("got number");
    expect((await refused(`${FT}`)).parameter).toBe("contract");
  });

  it("refuses token numbers a JS number rounds (2^53+1, 2^60…), by getSftMetadata's token_id rule", async () => {
    const bad = await refused([FT, `${PRINCIPAL}:9007199254740993`]);
    expect(bad.parameter).toBe("contract[1]");
    expect(bad.message).toContain("above 2^53-1");
    expect((await refused([`${PRINCIPAL}:${2n ** 60n}`])).parameter).toBe("contract[0]");
    expect((await refused([`${PRINCIPAL}:${"9".repeat(400)}`])).parameter).toBe("contract[0]");
    // As getSftMetadata: every number a JS number holds exactly is sent (2^53 and 2^53+2 too).
    const { client: c, requests } = client(search());
    const sent = ["9007199254740991", "9007199254740992", "9007199254740994", "0009"];
    await c.searchTokens({ contract: sent.map((n) => `${PRINCIPAL}:${n}`) });
    expect(requests.flatMap(asked)).toEqual(
      ["9007199254740991", "9007199254740992", "9007199254740994", "9"].map((n) => `${PRINCIPAL}:${n}`),
    );
  });
});

describe("searchTokens: one call, one deadline", () => {
  it("a failed chunk rejects the call with its error after its retries; no partial result", async () => {
    let calls = 0;
    const { client: c } = client((request) => {
      calls++;
      return asked(request).includes(`${PRINCIPAL}:51`)
        ? json({ statusCode: 500 }, 500)
        : search()(request, 0);
    });
    const error = await c.searchTokens({ contract: ids(120) }, { maxRetries: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "server_error", status: 500, operationId: "searchTokens" });
    expect(calls).toBe(3); // chunk 1, chunk 2 twice (one retry); chunk 3 never sent
  });

  it("the caller's signal stops every chunk in flight", async () => {
    const controller = new AbortController();
    const requests: Request[] = [];
    // The pacer lets one request through to an origin until the first answer: then chunks 2 and 3 hang.
    const { client: c } = client((request) => {
      requests.push(request);
      if (requests.length === 1) return search()(request, 0);
      if (requests.length === 3) setTimeout(() => controller.abort(new Error("stop")), 1);
      return never(request);
    });
    const call = c.searchTokens({ contract: ids(150) }, { concurrency: 2, signal: controller.signal });
    await expect(call).rejects.toThrow("stop");
    expect(requests.map((r) => r.signal.aborted)).toEqual([false, true, true]);
  });

  it("a failed chunk stops the chunks in flight and rejects the call at once", async () => {
    const requests: Request[] = [];
    const { client: c } = client((request) => {
      requests.push(request);
      if (requests.length === 1) return search()(request, 0);
      if (requests.length === 2) return never(request);
      return json(
        {
          statusCode: 400,
          error: "Bad Request",
          message: "querystring/contract must NOT have more than 50 items",
        },
        400,
      );
    });
    const error = await c.searchTokens({ contract: ids(200) }, { concurrency: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid_request", status: 400 });
    expect(requests).toHaveLength(3);
    expect(requests[1]?.signal.aborted).toBe(true);
  });

  it("totalTimeoutMs covers every chunk: the whole call, not each request", async () => {
    // Three chunks one after another, each answered after 30 ms: each fits in 50 ms, the three cannot.
    const { client: c } = client(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return search()(request, 0);
    });
    const error = await c
      .searchTokens({ contract: ids(150) }, { totalTimeoutMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50 });
    expect((error as Error).message).toBe("searchTokens: the call took longer than totalTimeoutMs (50 ms)");
  });
});

describe("searchTokens: hostile ids (property-based)", () => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
  const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  const ID = /^([0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\.[a-zA-Z][a-zA-Z0-9_-]{0,39})(?::(\d+))?$/;

  it("any string is refused naming its entry (one clean line, nothing sent) or sent canonical", async () => {
    const fc = (await import("fast-check")).default;
    const principal = fc.stringMatching(
      /^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\.[a-zA-Z][a-zA-Z0-9_-]{0,39}$/,
    );
    const id = fc.oneof(
      fc.string({ unit: "binary", maxLength: 120 }),
      fc
        .tuple(
          principal,
          fc.oneof(
            fc.constant(""),
            fc.string({ maxLength: 25 }).map((t) => `:${t}`),
          ),
        )
        .map(([p, t]) => p + t),
      fc.tuple(principal, fc.bigInt({ min: 0n, max: 2n ** 60n })).map(([p, n]) => `${p}:${n}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(id, { minLength: 1, maxLength: 4 }), async (contract) => {
        const { client: c, requests } = client(() => json([]));
        const outcome = await c.searchTokens({ contract }).catch((e: unknown) => e);
        const expected = contract.map((value) => {
          const match = ID.exec(value);
          const n = match?.[2] === undefined ? 1n : BigInt(match[2]);
          // getSftMetadata's rule: a number a JS number writes back with the same digits.
          return match && String(Number(n)) === String(n) ? `${match[1]}:${n}` : undefined;
        });
        const bad = expected.indexOf(undefined);
        if (bad >= 0) {
          expect(outcome).toBeInstanceOf(HiroValidationError);
          expect((outcome as HiroValidationError).parameter).toBe(`contract[${bad}]`);
          expect((outcome as Error).message).not.toMatch(CONTROL);
          expect((outcome as Error).message.length).toBeLessThanOrEqual(300);
          expect(requests).toHaveLength(0);
        } else {
          expect(outcome).toEqual({ results: [], missing: [...new Set(contract)] });
          expect(requests.flatMap(asked)).toEqual([...new Set(expected)]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
