import { describe, expect, it, vi } from "vitest";
import { HiroApiError, HiroValidationError, validateResponses } from "../../src/index.js";
import { responseValidators } from "../../src/validators.js";
import { json, TX_ID } from "../helpers/fake-fetch.js";
import { loadSpec } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

// The spec's own examples: that upstream's recorded answers match the spec is spec.test.ts's one check, so
// a spec that drifts from upstream fails there, once, not here too.
const { examples } = loadSpec().components;
const example = <T = unknown>(name: string): T => {
  const found = examples[name];
  if (!found) throw new Error(`openapi.yaml has no example ${name}`);
  return structuredClone(found.value) as T;
};
type Page = { results: [Record<string, unknown>] } & Record<string, unknown>;
const inscriptions = example<Page>("SatoshiInscriptions");
/** The sat of the example: the client checks every answer is about the sat asked. */
const SAT = inscriptions.results[0].sat_ordinal as string;
const broken = { ...inscriptions, results: [{ ...inscriptions.results[0], timestamp: "yesterday" }] };

describe("generated response validators (hiro-lookup/validators)", () => {
  it("accept the spec's examples and reject a mutated body", () => {
    expect(responseValidators.getSatoshiInscriptions(inscriptions)).toEqual([]);
    expect(responseValidators.getTransactionActivity(example("RuneEtchingActivity"))).toEqual([]);
    expect(responseValidators.getSftMetadata(example("SftWithMetadata"))).toEqual([]);
    expect(responseValidators.getSatoshiInscriptions(broken)).toEqual([
      "/results/0/timestamp must be integer",
    ]);
    expect(responseValidators.getTransactionActivity({ limit: 1, offset: 0, total: 0 })).not.toEqual([]);
  });
});

describe("validateResponses() middleware", () => {
  it("without it, a body that breaks the schema is returned as is", async () => {
    const { client } = createTestClient(() => json(broken));
    await expect(client.getSatoshiInscriptions({ ordinal: SAT })).resolves.toEqual(broken);
  });

  it("throws (default): rejects with invalid_response naming the problem, without retrying", async () => {
    const { client, requests } = createTestClient(() => json(broken), {
      middleware: [validateResponses(responseValidators)],
    });
    const error = await client.getSatoshiInscriptions({ ordinal: SAT }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error).toMatchObject({ kind: "invalid_response", status: 200 });
    expect((error as Error).message).toContain("/results/0/timestamp must be integer");
    expect(requests).toHaveLength(1);
  });

  it('onInvalid "report" (drift report): returns the body, each mismatch to onMismatch and the logger', async () => {
    const twice = { ...broken, results: [{ ...broken.results[0], genesis_block_height: "high" }] };
    const onMismatch = vi.fn();
    const warn = vi.fn();
    const { client } = createTestClient(() => json(twice), {
      middleware: [
        validateResponses(responseValidators, { onInvalid: "report", onMismatch, logger: { warn } }),
      ],
    });
    await expect(client.getSatoshiInscriptions({ ordinal: SAT })).resolves.toEqual(twice);
    const problems = onMismatch.mock.calls.map(([m]) => m.problem);
    // One call per problem the generated validator names.
    expect(problems).toEqual(responseValidators.getSatoshiInscriptions(twice));
    expect(problems.length).toBeGreaterThanOrEqual(1);
    expect(onMismatch.mock.calls[0]?.[0]).toMatchObject({ operationId: "getSatoshiInscriptions" });
    expect(warn.mock.calls.map(([message, m]) => [message, m.problem])).toEqual(
      problems.map((problem) => ["hiro-lookup: schema mismatch", problem]),
    );
  });

  it("onInvalid callback: reports once and returns the body", async () => {
    const onInvalid = vi.fn();
    const { client } = createTestClient(() => json(broken), {
      middleware: [validateResponses(responseValidators, { onInvalid })],
    });
    await expect(client.getSatoshiInscriptions({ ordinal: SAT })).resolves.toEqual(broken);
    expect(onInvalid).toHaveBeenCalledOnce();
    expect(onInvalid.mock.calls[0]?.[0]).toBeInstanceOf(HiroApiError);
    expect(onInvalid.mock.calls[0]?.[0].message).toContain("getSatoshiInscriptions");
  });

  it("checks raw calls too", async () => {
    const { client } = createTestClient(() => json(broken), {
      middleware: [validateResponses(responseValidators)],
    });
    await expect(
      client.raw.GET("/ordinals/v1/sats/{ordinal}/inscriptions", { params: { path: { ordinal: 1 } } }),
    ).rejects.toMatchObject({ kind: "invalid_response" });
  });

  it("a valid body passes through untouched", async () => {
    const body = example("RuneEtchingActivity");
    const { client } = createTestClient(() => json(body), {
      middleware: [validateResponses(responseValidators)],
    });
    await expect(client.getTransactionActivity({ tx_id: TX_ID })).resolves.toEqual(body);
  });

  it("needs the validators from the subpath, and a known onInvalid", () => {
    expect(() => validateResponses(undefined as unknown as typeof responseValidators)).toThrow(
      HiroValidationError,
    );
    expect(() => validateResponses(responseValidators, { onInvalid: "loud" as "throw" })).toThrow(
      /onInvalid/,
    );
  });
});
