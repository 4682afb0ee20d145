import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createLookupClient, HiroApiError, HiroValidationError } from "../../src/index.js";
import { responseValidators } from "../../src/validators.js";
import { fakeFetch, json, TX_ID } from "../helpers/fake-fetch.js";
import { ROOT } from "../helpers/spec.js";

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, "test/fixtures/upstream", name), "utf8"));
const inscriptions = fixture("ordinals-sat-inscriptions-200.fixture.json");
const broken = { ...inscriptions, results: [{ ...inscriptions.results[0], timestamp: "yesterday" }] };

describe("generated response validators (hiro-lookup/validators)", () => {
  it("accept upstream's fixtures and reject a mutated body", () => {
    expect(responseValidators.getSatoshiInscriptions(inscriptions)).toEqual([]);
    expect(
      responseValidators.getTransactionActivity(fixture("runes-transaction-activity-200.fixture.json")),
    ).toEqual([]);
    expect(responseValidators.getSftMetadata(fixture("tma-sft-200-valid-metadata.fixture.json"))).toEqual([]);
    expect(responseValidators.getSatoshiInscriptions(broken)).toEqual([
      "/results/0/timestamp must be integer",
    ]);
    expect(responseValidators.getTransactionActivity({ limit: 1, offset: 0, total: 0 })).not.toEqual([]);
  });
});

describe("validateResponses", () => {
  it("off (default): a body that breaks the schema is returned as is", async () => {
    const client = createLookupClient({ fetch: fakeFetch(() => json(broken)).fetch });
    await expect(client.getSatoshiInscriptions({ ordinal: 1 })).resolves.toEqual(broken);
  });

  it("throw: rejects with invalid_response naming the problem, without retrying", async () => {
    const { fetch, requests } = fakeFetch(() => json(broken));
    const client = createLookupClient({ fetch, validateResponses: "throw", responseValidators });
    const error = await client.getSatoshiInscriptions({ ordinal: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response", status: 200 });
    expect((error as Error).message).toContain("/results/0/timestamp must be integer");
    expect(requests).toHaveLength(1);
  });

  it("warn: reports once and returns the body", async () => {
    const onWarning = vi.fn();
    const client = createLookupClient({
      fetch: fakeFetch(() => json(broken)).fetch,
      validateResponses: "warn",
      responseValidators,
      onWarning,
    });
    await expect(client.getSatoshiInscriptions({ ordinal: 1 })).resolves.toEqual(broken);
    expect(onWarning).toHaveBeenCalledOnce();
    expect(onWarning.mock.calls[0]?.[0]).toContain("getSatoshiInscriptions");
  });

  it("a valid body passes through every mode untouched", async () => {
    const body = fixture("runes-transaction-activity-200.fixture.json");
    const client = createLookupClient({
      fetch: fakeFetch(() => json(body)).fetch,
      validateResponses: "throw",
      responseValidators,
    });
    await expect(client.getTransactionActivity({ tx_id: TX_ID })).resolves.toEqual(body);
  });

  it("needs the validators from the subpath, and a known mode", () => {
    expect(() => createLookupClient({ validateResponses: "throw" })).toThrow(HiroValidationError);
    expect(() => createLookupClient({ validateResponses: "loud" as "warn", responseValidators })).toThrow(
      /validateResponses/,
    );
  });
});
