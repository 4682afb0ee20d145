/**
 * `hiro-lookup/validators` as Standard Schema v1 with Standard JSON Schema (issue 46): each response
 * validator's `~standard.validate` agrees with the validator itself on the spec's examples and on broken
 * copies of them, its issues carry paths, its JSON Schema compiles (Ajv, 2020-12) and gives the same
 * verdicts, and a real consumer that takes Standard Schema, the MCP SDK's own `McpServer`, uses one as a
 * tool's output schema: it advertises the validator's JSON Schema and checks each result with it.
 */
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { McpServer } from "@modelcontextprotocol/server";
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { LookupData } from "../../src/index.js";
import { responseValidators } from "../../src/validators.js";
import { loadSpec } from "../helpers/spec.js";

const spec = loadSpec();
const example = (name: string) => structuredClone(spec.components.examples[name]?.value);

describe("responseValidators as Standard Schema v1", () => {
  it("each is version 1 of vendor hiro-lookup, typed by its 200 body", () => {
    for (const [operationId, validator] of Object.entries(responseValidators)) {
      expect(validator["~standard"].version, operationId).toBe(1);
      expect(validator["~standard"].vendor).toBe("hiro-lookup");
    }
    const status = responseValidators.getApiStatus;
    expectTypeOf(status).toExtend<StandardSchemaV1<unknown, LookupData<"getApiStatus">>>();
    expectTypeOf(status).toExtend<StandardJSONSchemaV1<unknown, LookupData<"getApiStatus">>>();
  });

  it("validate gives the value of a good body, and issues with paths for a broken one, as the validator does", () => {
    const good = example("ApiStatusReady");
    const validator = responseValidators.getApiStatus;
    expect(validator(good)).toEqual([]);
    expect(validator["~standard"].validate(good)).toEqual({ value: good });
    const broken = structuredClone(good) as { chain_tip: { block_height: unknown } };
    broken.chain_tip.block_height = "tall";
    const result = validator["~standard"].validate(broken) as StandardSchemaV1.FailureResult;
    expect(result.issues.length).toBeGreaterThan(0);
    expect(result.issues[0]?.path).toEqual(["chain_tip", "block_height"]);
    expect(validator(broken)[0]).toMatch(/^\/chain_tip\/block_height /);
    expect(validator["~standard"].validate("not an object")).toMatchObject({ issues: [{ path: [] }] });
  });

  it("its JSON Schema (draft-2020-12) compiles and gives the validator's verdict on the spec's examples and broken copies", () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    const examples = Object.values(spec.components.examples).map((item) => item.value);
    let checked = 0;
    for (const [operationId, validator] of Object.entries(responseValidators)) {
      const schema = validator["~standard"].jsonSchema.output({ target: "draft-2020-12" });
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(validator["~standard"].jsonSchema.input({ target: "draft-2020-12" })).toEqual(schema);
      const { $schema: _, ...document } = schema;
      const check = ajv.compile(document);
      for (const value of [...examples, {}, [], null, "x", { results: [{}] }]) {
        expect(check(value), `${operationId}: ${JSON.stringify(value).slice(0, 80)}`).toBe(
          validator(value).length === 0,
        );
        checked += validator(value).length === 0 ? 1 : 0;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(responseValidators).length); // each fits some example
  });

  it("refuses a JSON Schema target it does not give, by name", () => {
    expect(() =>
      responseValidators.getApiStatus["~standard"].jsonSchema.output({ target: "openapi-3.0" }),
    ).toThrow(/no JSON Schema for target openapi-3\.0; it gives draft-2020-12/);
  });
});

describe("a real consumer of Standard Schema: the MCP SDK's McpServer (v2)", () => {
  /** A server whose one tool answers `body`, with getApiStatus's validator as its output schema; a client on it. */
  async function serverAnswering(body: unknown): Promise<Client> {
    const server = new McpServer({ name: "standard-schema-consumer", version: "0.0.0" });
    server.registerTool(
      "status",
      { description: "The service's status", outputSchema: responseValidators.getApiStatus },
      async () => ({
        content: [{ type: "text", text: JSON.stringify(body) }],
        structuredContent: body as Record<string, unknown>,
      }),
    );
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "consumer-test", version: "0.0.0" });
    await client.connect(clientSide);
    return client;
  }

  it("advertises the validator's JSON Schema and passes a body that fits it", async () => {
    const good = example("ApiStatusReady");
    const client = await serverAnswering(good);
    const { tools } = await client.listTools();
    const { $schema: _, ...advertised } = tools[0]?.outputSchema ?? {};
    const { $schema: __, ...ours } = responseValidators.getApiStatus["~standard"].jsonSchema.output({
      target: "draft-2020-12",
    });
    expect(advertised).toEqual(ours);
    const result = await client.callTool({ name: "status", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(good);
    await client.close();
  });

  it("refuses, with the validator's issue and its path, a result that does not fit", async () => {
    const broken = example("ApiStatusReady") as { chain_tip: { block_height: unknown } };
    broken.chain_tip.block_height = "tall";
    const client = await serverAnswering(broken);
    const outcome = await client.callTool({ name: "status", arguments: {} }).then(
      (result) => JSON.stringify(result),
      (error: unknown) => String(error),
    );
    expect(outcome).toContain("chain_tip.block_height");
    expect(outcome).toContain("must be integer");
    await client.close();
  });
});
