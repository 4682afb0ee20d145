/**
 * The mock's rules (src/mock/): any valid id gets the answer the service would give, from the spec's
 * named examples, and the client's answer checks hold for it.
 */
import { describe, expect, it } from "vitest";
import { pageProblem, resultsProblem } from "../../src/lookups/answer-checks.js";
import { answerFor } from "../../src/mock/index.js";

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const OTHER = "SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.arkadiko-token";
const TWO_PAGE_SAT = "1953186061218487";
const TX = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";
const TRANSFER_TX = "7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c";

type Page = { offset: number; limit: number; total: number; results: Record<string, unknown>[] };

describe("answerFor: tokens", () => {
  it("answers the example tied to the token", () => {
    const a = answerFor("getSftMetadata", { path: { principal: PRINCIPAL, token_id: "35" } });
    expect(a).toMatchObject({ status: 200, example: "withMetadata" });
  });
  it("answers the locale's example, and 422 Locale not found for a locale no example has", () => {
    const es = answerFor("getSftMetadata", {
      path: { principal: PRINCIPAL, token_id: "35" },
      query: { locale: "es" },
    });
    expect(es).toMatchObject({ status: 200, example: "withLocale" });
    const xx = answerFor("getSftMetadata", {
      path: { principal: PRINCIPAL, token_id: "35" },
      query: { locale: "xx" },
    });
    expect(xx).toMatchObject({ status: 422, body: { error: "Locale not found" } });
  });
  it("answers a token still being fetched with 422 and a failed job with {}", () => {
    expect(answerFor("getSftMetadata", { path: { principal: PRINCIPAL, token_id: "99" } })).toMatchObject({
      status: 422,
      body: { error: "Token metadata fetch in progress" },
    });
    expect(answerFor("getSftMetadata", { path: { principal: PRINCIPAL, token_id: "40" } })).toMatchObject({
      status: 200,
      body: {},
    });
  });
  it("answers an unknown token 404 Token not found, an unknown contract 404 Contract not found", () => {
    expect(answerFor("getSftMetadata", { path: { principal: PRINCIPAL, token_id: "123456" } })).toMatchObject(
      {
        status: 404,
        body: { error: "Token not found" },
      },
    );
    expect(answerFor("getSftMetadata", { path: { principal: OTHER, token_id: "1" } })).toMatchObject({
      status: 404,
      body: { error: "Contract not found" },
    });
  });
  it("reads token ids as numbers (035 is 35) and refuses what the spec refuses", () => {
    expect(answerFor("getSftMetadata", { path: { principal: PRINCIPAL, token_id: "035" } })?.example).toBe(
      "withMetadata",
    );
    expect(answerFor("getSftMetadata", { path: { principal: "nope", token_id: "1" } })).toBeUndefined();
    expect(answerFor("getSftMetadata", { path: { principal: PRINCIPAL, token_id: "-1" } })).toBeUndefined();
  });
});

describe("answerFor: pages", () => {
  const sat = (ordinal: string, query: Record<string, string> = {}) =>
    answerFor("getSatoshiInscriptions", { path: { ordinal }, query: new URLSearchParams(query) });

  it("walks the two-page sat with any limit, each page passing the client's checks", () => {
    for (const limit of [1, 2, 3, 20, 60]) {
      const seen: unknown[] = [];
      for (let offset = 0; ; offset += limit) {
        const a = sat(TWO_PAGE_SAT, { offset: String(offset), limit: String(limit) });
        const page = a?.body as Page;
        expect(pageProblem(page, { offset, limit })).toBeUndefined();
        expect(resultsProblem(page, TWO_PAGE_SAT, (i) => i.sat_ordinal, "sat")).toBeUndefined();
        expect(page.limit).toBe(limit);
        if (page.results.length === 0) break;
        seen.push(...page.results.map((r) => r.id));
        expect(page.total).toBe(3);
      }
      expect(new Set(seen).size).toBe(3);
    }
  });
  it("names the example when the slice is one verbatim (Prism can serve it)", () => {
    expect(sat(TWO_PAGE_SAT, { limit: "2" })?.example).toBe("satoshiInscriptionsPage1");
    expect(sat(TWO_PAGE_SAT, { offset: "2", limit: "2" })?.example).toBe("satoshiInscriptionsPage2");
    expect(sat(TWO_PAGE_SAT, { limit: "60" })?.example).toBeUndefined();
  });
  it("answers any other sat with an empty page echoing offset and limit", () => {
    expect(sat("5000000000", { offset: "20" })).toEqual({
      status: 200,
      body: { limit: 20, offset: 20, total: 0, results: [] },
    });
  });
  it("answers transactions the same way: several activities, an etching, or an empty page", () => {
    const tx = (tx_id: string) =>
      answerFor("getTransactionActivity", { path: { tx_id }, query: new URLSearchParams() })?.body as Page;
    expect(tx(TRANSFER_TX).results.map((r) => r.operation)).toEqual(["receive", "send", "mint"]);
    expect(tx(TX).results).toHaveLength(1);
    expect(tx("ab".repeat(32))).toEqual({ limit: 20, offset: 0, total: 0, results: [] });
  });
  it("leaves a refused parameter to the documented 400", () => {
    expect(sat(TWO_PAGE_SAT, { limit: "61" })).toBeUndefined();
    expect(sat("2099999997690000")).toBeUndefined();
    expect(answerFor("nope", { path: {} })).toBeUndefined();
  });
});
