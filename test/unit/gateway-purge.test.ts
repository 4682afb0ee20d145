/**
 * The purge on SIP-019 notices in one gateway: Chainhooks' route on only with a consumer secret, a wrong
 * secret (401) or a bad body (400) changing nothing, a notice marking its contract's (or its token ids')
 * kept answers stale, then a refresh every 5 s for 2 min, and rollbacks undoing nothing. Deliveries are
 * built with @hirosystems/chainhooks-client's types (test/helpers/chainhooks-payload.ts).
 */
import { describe, expect, it } from "vitest";
import { HiroValidationError } from "../../src/index.js";
import { noticeOfRepr, noticesOf } from "../../src/server/chainhooks-notices.js";
import { GATEWAY_DEFAULTS, type LookupHandlerOptions } from "../../src/server/index.js";
import { block, delivery, printOperation, sip019Repr } from "../helpers/chainhooks-payload.js";
import { json, PRINCIPAL } from "../helpers/fake-fetch.js";
import { testGateway } from "../helpers/gateway.js";
import { upstreamFixture } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixture<Record<string, unknown>>("tma-sft-200-valid-metadata");
const SECRET = "whsec-0123456789abcdef";
const sft = (id: number) => `/metadata/v1/sft/${PRINCIPAL}/${id}`;
const OTHER = "SP2PABAF9FTAJYNFZH93XENAJ8FVY99RRM50D2JG9.other-nft";
const MINUTE = 60_000;

/** A gateway whose answers are fresh for a minute, and what upstream was asked. */
function purgeable(options: LookupHandlerOptions = {}) {
  let version = 1;
  const built = testGateway(() => json({ ...TOKEN, name: `v${version}` }, 200, { etag: `"${version}"` }), {
    fresh: 10 * MINUTE,
    chainhooksSecret: SECRET,
    ...options,
  });
  const post = (body: unknown, authorization = `Bearer ${SECRET}`) => {
    built.clock.advance(1); // a delivery comes after the answers kept before it (one ms, on this clock)
    return built.gateway.fetch(
      new Request("http://gateway.test/hooks/chainhooks", {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  };
  const nameOf = async (id: number) => ((await (await built.get(sft(id))).json()) as { name: string }).name;
  return { ...built, post, nameOf, change: () => version++ };
}

const notice = (contract: string, ids?: number[]) =>
  delivery([block(180_000, [printOperation(contract, sip019Repr(contract, "sft", ids))])]);

describe("Chainhooks' route", () => {
  it("does not exist without a consumer secret, and a short or empty one is refused", async () => {
    const { gateway } = testGateway(() => json(TOKEN));
    const answer = await gateway.fetch(
      new Request("http://gateway.test/hooks/chainhooks", { method: "POST", body: "{}" }),
    );
    expect(answer.status).toBe(404);
    expect(() => testGateway(() => json(TOKEN), { chainhooksSecret: "" })).toThrow(HiroValidationError);
    expect(() => testGateway(() => json(TOKEN), { chainhooksSecret: "short" })).toThrow(/chainhooksSecret/);
  });

  it("answers 401 to a wrong or missing secret, 400 to a bad or oversized body: nothing changes", async () => {
    const { post, nameOf, change, requests } = purgeable();
    expect(await nameOf(1)).toBe("v1");
    change();
    expect((await post(notice(PRINCIPAL), "Bearer not-the-secret-at-all")).status).toBe(401);
    expect((await post(notice(PRINCIPAL), "")).status).toBe(401);
    expect((await post("not json")).status).toBe(400);
    expect((await post({ event: { apply: "x" } })).status).toBe(400);
    const big = await post(
      `{"event":{"apply":[],"rollback":[],"pad":"${"x".repeat(GATEWAY_DEFAULTS.maxHookBytes)}"}}`,
    );
    expect(big.status).toBe(400);
    expect(await nameOf(1)).toBe("v1");
    expect(requests).toHaveLength(1);
  });

  it("refuses a print without its repr (a chainhook without decode_clarity_values), saying so", async () => {
    const { post } = purgeable();
    const hexOnly = delivery([
      block(9, [
        {
          ...printOperation(PRINCIPAL, ""),
          metadata: { contract_identifier: PRINCIPAL, topic: "print", value: "0x0c00" },
        },
      ]),
    ]);
    const answer = await post(hexOnly);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toContain("decode_clarity_values");
  });
});

describe("a SIP-019 notice", () => {
  it("marks the contract's kept answers stale: the next caller gets the new answer", async () => {
    const { post, nameOf, change } = purgeable();
    expect(await nameOf(1)).toBe("v1");
    expect(await nameOf(2)).toBe("v1");
    change();
    const answer = await post(notice(PRINCIPAL));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ notices: 1 });
    expect(await nameOf(1)).toBe("v2");
    expect(await nameOf(2)).toBe("v2");
  });

  it("names token ids: only those are purged; another contract's notice purges nothing here", async () => {
    const { post, nameOf, change } = purgeable();
    for (const id of [1, 2, 3]) expect(await nameOf(id)).toBe("v1");
    change();
    expect((await post(notice(OTHER))).status).toBe(200);
    expect(await nameOf(1)).toBe("v1");
    expect((await post(notice(PRINCIPAL, [1, 3]))).status).toBe(200);
    expect([await nameOf(1), await nameOf(2), await nameOf(3)]).toEqual(["v2", "v1", "v2"]);
  });

  it("asks again every 5 s for 2 min after it (the indexer refreshes later), then keeps `fresh` again", async () => {
    const { post, nameOf, change, clock, requests } = purgeable();
    await nameOf(1);
    await post(notice(PRINCIPAL));
    await nameOf(1); // asked at once (the indexer has not refreshed yet: same answer)
    const asked = requests.length;
    clock.advance(GATEWAY_DEFAULTS.purgeRefreshMs - 1);
    await nameOf(1);
    expect(requests).toHaveLength(asked); // within 5 s: kept
    change(); // the indexer refreshes the token
    clock.advance(1);
    expect(await nameOf(1)).toBe("v2");
    expect(requests).toHaveLength(asked + 1);
    clock.advance(GATEWAY_DEFAULTS.purgeWindowMs);
    await nameOf(1); // past the window: refreshed once more, then fresh for `fresh` again
    const after = requests.length;
    clock.advance(MINUTE);
    await nameOf(1);
    expect(requests).toHaveLength(after);
  });

  it("is undone by no rollback: a delivery of rolled-back blocks changes nothing", async () => {
    const { post, nameOf, change, requests } = purgeable();
    await nameOf(1);
    change();
    const rollback = delivery(
      [],
      [block(180_000, [printOperation(PRINCIPAL, sip019Repr(PRINCIPAL, "sft"))])],
    );
    expect(await (await post(rollback)).json()).toEqual({ notices: 0 });
    expect(await nameOf(1)).toBe("v1");
    expect(requests).toHaveLength(1);
  });
});

describe("a print's repr", () => {
  it("is read as SIP-019 words it: the contract, and its token ids or none", () => {
    expect(noticeOfRepr(sip019Repr(PRINCIPAL, "nft", [1, 20]))).toEqual({
      contract: PRINCIPAL,
      tokenIds: ["1", "20"],
    });
    expect(noticeOfRepr(sip019Repr(PRINCIPAL, "ft"))).toEqual({ contract: PRINCIPAL });
    expect(
      noticeOfRepr(`(tuple (notification "other") (payload (tuple (contract-id '${PRINCIPAL}))))`),
    ).toBeUndefined();
    expect(
      noticeOfRepr(`(tuple (notification "token-metadata-update") (payload (tuple (contract-id 'SP1.x))))`),
    ).toBeUndefined();
    expect(noticeOfRepr("(((((((((((((((((((((x)))))))))))))))))))))")).toBeUndefined();
    expect(noticeOfRepr('(tuple (notification "token-metadata-update"')).toBeUndefined();
    expect(noticeOfRepr("u1")).toBeUndefined();
  });

  it("skips other operations and other prints of a delivery", () => {
    const other = printOperation(OTHER, '(tuple (event "transfer") (amount u5))');
    const read = noticesOf(
      JSON.stringify(
        delivery([block(1, [other, printOperation(PRINCIPAL, sip019Repr(PRINCIPAL, "ft"), 1)])]),
      ),
    );
    expect(read).toEqual({ notices: [{ contract: PRINCIPAL }] });
  });
});
