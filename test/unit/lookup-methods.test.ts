/**
 * The client's single-request methods come from the generated operation table, not a hand list: the
 * builder makes one per operation but `searchTokens` (which batches), each by its own id, in the table's
 * order, and nothing else.
 */
import { describe, expect, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import type { ClientLookups } from "../../src/lookups/client-type.js";
import { lookupMethods } from "../../src/lookups/lookup-methods.js";
import { LOCAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

describe("lookupMethods", () => {
  it("makes one method per operation of the table but searchTokens, each by its own id", () => {
    const own: ClientLookups = createTestClient(LOCAL).client;
    const asked: string[] = [];
    const methods = lookupMethods((operationId) => {
      asked.push(operationId);
      return own[operationId];
    });
    const singles = Object.keys(operations).filter((operationId) => operationId !== "searchTokens");
    expect(asked).toEqual(singles);
    expect(Object.keys(methods)).toEqual(singles);
    for (const [operationId, method] of Object.entries(methods))
      expect(method, operationId).toBe(own[operationId as keyof ClientLookups]);
  });
});
