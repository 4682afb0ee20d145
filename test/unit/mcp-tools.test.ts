/**
 * The MCP server's tool table and calls, in-process (src/mcp/): one tool per operation of the table with
 * the spec's parameter rules, the call box over an injected client (arguments refused by name before
 * anything is sent, the page size, the next page's arguments, the deadline), and the SDK loader's
 * message when the SDK is missing.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/program.js";
import { FINDING_LEVELS, FIX_AUDIENCES, VERDICTS } from "../../src/doctor/index.js";
import { HiroNetworkError, HiroTimeoutError, HiroValidationError } from "../../src/index.js";
import { explainToolDefinition } from "../../src/mcp/explain-tool.js";
import { loadMcpSdk, McpSdkMissingError } from "../../src/mcp/sdk.js";
import { createToolBox } from "../../src/mcp/tool-calls.js";
import { errorResult } from "../../src/mcp/tool-errors.js";
import { lookupTools, TOOL_PAGE_SIZE, toolName } from "../../src/mcp/tool-table.js";
import { operations, parameterRules } from "../../src/spec-entry.js";
import { json, never, ORDINAL, PRINCIPAL } from "../helpers/fake-fetch.js";
import { loadSpec } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const TIMES = { deadlineMs: 5_000, hostTimeoutMs: 1_000 };
const INSCRIPTION = (
  loadSpec().components.examples.SatoshiInscriptions?.value as { results: object[] } | undefined
)?.results[0];
const textOf = (result: { content: { type: string; text?: string }[] }) =>
  result.content.map((block) => block.text ?? "").join("\n");

describe("the tool table", () => {
  it("has one tool per operation of the table, named by its operationId in snake_case", () => {
    const tools = lookupTools();
    expect(tools.map((tool) => tool.operationId)).toEqual(Object.keys(operations));
    expect(tools.map((tool) => tool.definition.name)).toEqual(
      expect.arrayContaining([
        "get_sft_metadata",
        "get_satoshi_inscriptions",
        "search_tokens",
        "get_api_status",
      ]),
    );
    expect(toolName("getTransactionActivity")).toBe("get_transaction_activity");
  });

  it("takes each operation's path and query parameters with the spec's rules and descriptions", () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    for (const { operationId, definition } of lookupTools()) {
      const { pathParams, queryParams } = operations[operationId];
      expect(Object.keys(definition.inputSchema.properties ?? {}).sort()).toEqual(
        [...pathParams, ...queryParams].sort(),
      );
      expect(definition.inputSchema.required ?? []).toEqual(expect.arrayContaining([...pathParams]));
      expect(ajv.validateSchema(definition.inputSchema), operationId).toBe(true);
      for (const [name, schema] of Object.entries(definition.inputSchema.properties ?? {})) {
        expect(typeof (schema as { description?: unknown }).description, `${operationId}.${name}`).toBe(
          "string",
        );
      }
    }
    const sft = lookupTools().find((tool) => tool.operationId === "getSftMetadata")?.definition;
    expect(sft?.inputSchema.properties?.principal).toMatchObject({
      pattern: parameterRules.principal.pattern,
    });
    const list = lookupTools().find((tool) => tool.operationId === "getFungibleTokens")?.definition;
    expect(list?.inputSchema.properties?.order_by).toMatchObject({
      enum: ["name", "symbol"],
      default: "name",
    });
  });

  it("pages by a modest default, up to the deployment's maximum when it has its own", () => {
    const paged = lookupTools({ maxLimit: { runes: 100 } }).filter((tool) => tool.paged);
    expect(paged.map((tool) => tool.operationId).sort()).toEqual(
      Object.keys(operations)
        .filter((id) => operations[id as keyof typeof operations].paged)
        .sort(),
    );
    for (const { operationId, definition } of paged) {
      expect(definition.inputSchema.properties?.limit).toMatchObject({
        default: TOOL_PAGE_SIZE,
        maximum: operationId === "getTransactionActivity" ? 100 : parameterRules.limit.maximum,
      });
      // The spec's words say 1 to 60; the server's own maximum is said after them, where it has one.
      const said =
        (definition.inputSchema.properties?.limit as { description?: string } | undefined)?.description ?? "";
      expect(said.endsWith("On this server: 1 to 100.")).toBe(operationId === "getTransactionActivity");
      expect(definition.description).toContain("next page");
    }
  });

  it("declares the outline of each 200 body as the output schema (from its validator), the search's as { results, missing }", () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    const examples = Object.values(loadSpec().components.examples).map((item) => item.value);
    for (const { operationId, definition, validator } of lookupTools()) {
      expect(definition.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      const schema = (definition.outputSchema ?? {}) as object;
      expect(ajv.validateSchema(schema), operationId).toBe(true);
      expect(JSON.stringify(schema)).not.toMatch(/"(pattern|minimum|required|description)"/);
      // The outline admits every body the validator passes (it says less, never something else).
      const outline = ajv.compile(schema);
      for (const value of examples) {
        if (validator(value).length > 0) continue;
        const answer = operationId === "searchTokens" ? { results: value, missing: [] } : value;
        expect(outline(answer), `${operationId}: ${JSON.stringify(outline.errors)}`).toBe(true);
      }
    }
    const search = lookupTools().find((tool) => tool.operationId === "searchTokens")?.definition;
    expect(Object.keys(search?.outputSchema?.properties ?? {})).toEqual(["results", "missing"]);
  });

  it("names every tool in at most 64 characters of [a-z_] (some clients break past 64)", () => {
    const names = [...lookupTools().map((tool) => tool.definition.name), explainToolDefinition.name];
    for (const name of names) expect(name, name).toMatch(/^[a-z][a-z_]{0,63}$/);
  });
});

describe("explain_token's output schema", () => {
  it("admits every verdict, level and audience the doctor can give (unchecked included)", () => {
    const validate = new Ajv2020({ strict: false, allowUnionTypes: true }).compile(
      (explainToolDefinition.outputSchema ?? {}) as object,
    );
    const fixes = FIX_AUDIENCES.map((audience) => ({ audience, codes: [], text: "t", sources: [] }));
    for (const verdict of VERDICTS)
      for (const level of FINDING_LEVELS) {
        const diagnosis = {
          verdict,
          findings: [{ code: "uri_not_reached", level, message: "m", evidence: {} }],
          fixes,
        };
        expect(validate(diagnosis), `${verdict}/${level}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
  });
});

describe("a call", () => {
  it("asks with the tool's page size and says the next page's arguments", async () => {
    const { client, requests } = createTestClient((request) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("limit"));
      return json({
        limit,
        offset: 0,
        total: 25,
        // The spec's example inscription, its id numbered: the tool checks every answer against the spec.
        results: Array.from({ length: limit }, (_, n) => ({
          ...INSCRIPTION,
          id: `${"ab".repeat(32)}i${n}`,
          sat_ordinal: String(ORDINAL),
        })),
      });
    });
    const box = createToolBox(client, TIMES);
    const result = await box.call("get_satoshi_inscriptions", { ordinal: ORDINAL });
    expect(new URL(requests[0]?.url ?? "").searchParams.get("limit")).toBe(String(TOOL_PAGE_SIZE));
    expect(textOf(result)).toContain(
      `Items 1 to 10 of 25. Next page: call get_satoshi_inscriptions with the same arguments and {"offset":10,"limit":10}.`,
    );
  });

  it("refuses an unknown argument, a non-object and an unknown tool by name, sending nothing", async () => {
    const { client, requests } = createTestClient(() => json({}));
    const box = createToolBox(client, TIMES);
    const extra = await box.call("get_sft_metadata", { principal: PRINCIPAL, token_id: 1, tokenId: 1 });
    expect(extra.isError).toBe(true);
    expect(textOf(extra)).toContain(
      "tokenId: is not an argument of get_sft_metadata: it takes principal, token_id, locale",
    );
    expect((await box.call("get_api_status", [1])).isError).toBe(true);
    const unknown = await box.call("get_weather", {});
    expect(textOf(unknown)).toContain("is not a tool of this server: its tools are get_sft_metadata");
    // A name as the agent sent it is cut and stripped before it is told back.
    const hostile = textOf(await box.call(`\u001b[2J${"x".repeat(5000)}`, {}));
    expect(hostile.length).toBeLessThan(1500);
    expect(hostile).not.toContain("\u001b");
    const kind = await box.call("explain_token", { kind: "coin", principal: PRINCIPAL });
    expect(textOf(kind)).toContain('kind: must be "ft", "nft" or "sft"');
    expect(requests).toEqual([]);
  });

  it("tells each failure with the client's message and what to do, never throwing", async () => {
    const answers = [
      json({ error: "Token metadata fetch in progress" }, 422),
      json({ error: "Token not found" }, 404),
      json({ error: "Gone", message: "retired" }, 410),
      json({ not: "a status" }),
    ];
    const { client } = createTestClient((_request, call) => answers[call - 1] ?? json({}, 500), {
      maxRetries: 0,
    });
    const box = createToolBox(client, TIMES);
    const expected = [
      "ask again in a minute or two",
      "The service does not know this contract or token",
      "This host no longer serves the service (410 Gone)",
    ];
    for (const advice of expected) {
      const result = await box.call("get_sft_metadata", { principal: PRINCIPAL, token_id: 1 });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^get_sft_metadata failed: (?!getSftMetadata)/);
      expect(textOf(result)).toContain(advice);
    }
  });

  it("checks each answer by the operation's validator itself: off the spec is an error result, never structured content", async () => {
    // A client without validateResponses (an app's own), answering a status that does not fit the spec.
    const { client } = createTestClient(() => json({ status: "ready", chain_tip: { block_height: "tall" } }));
    const box = createToolBox(client, TIMES);
    const result = await box.call("get_api_status", {});
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(
      /^get_api_status failed: the service's answer does not fit the spec \(getApiStatus\): /,
    );
    expect(textOf(result)).toContain("What to do: The service's answer does not fit the spec");
    const good = loadSpec().components.examples.ApiStatusReady?.value;
    const fits = await createToolBox(createTestClient(() => json(good)).client, TIMES).call(
      "get_api_status",
      {},
    );
    expect(fits.isError).toBeFalsy();
    expect(fits.structuredContent).toEqual(good);
  });

  it("a refusal thrown before anything is sent leaves no deadline behind (no late unhandled rejection)", async () => {
    const late: unknown[] = [];
    const onLate = (reason: unknown) => late.push(reason);
    process.on("unhandledRejection", onLate);
    try {
      const { client } = createTestClient(() => json({}));
      const box = createToolBox(client, { deadlineMs: 50, hostTimeoutMs: 20 });
      // explain_token checks its arguments as it is called, before it returns a promise.
      const refused = await box.call("explain_token", { kind: "coin", principal: PRINCIPAL });
      expect(refused.isError).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300)); // well past the 50 ms deadline
      expect(late).toEqual([]);
    } finally {
      process.off("unhandledRejection", onLate);
    }
  });

  it("answers by its deadline when the service never does", async () => {
    const { client } = createTestClient(never, { timeoutMs: 60_000 });
    const box = createToolBox(client, { deadlineMs: 200, hostTimeoutMs: 100 });
    const result = await box.call("get_api_status", {});
    expect(result.isError).toBe(true);
    // The tool's deadline and the client's whole-call limit are the same 200 ms: whichever timer fires
    // first on a busy machine, the agent is told the call ran out of its 200 ms.
    expect(textOf(result)).toMatch(
      /no answer within the tool's deadline of 200 ms|took longer than totalTimeoutMs \(200 ms\)/,
    );
  });
});

describe("the SDK, an optional peer", () => {
  it("missing: a refusal naming what to install, and `hiro-lookup mcp` exits 2 with it", async () => {
    // A real module-not-found error of Node's, for a package name that starts like the SDK's.
    const missing = () => import(`@modelcontextprotocol/server-${"absent"}`);
    await expect(loadMcpSdk(missing)).rejects.toThrow(McpSdkMissingError);
    await expect(loadMcpSdk(missing)).rejects.toThrow("npm install @modelcontextprotocol/server@2.4.0");
    let stderr = "";
    const code = await runCli(["--base-url", "http://127.0.0.1:9", "mcp"], {
      env: {},
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      importMcpSdk: missing,
    });
    expect(code).toBe(EXIT.usage);
    expect(stderr).toMatch(
      /^hiro-lookup: mcp: needs @modelcontextprotocol\/server .*npm install @modelcontextprotocol\/server@/,
    );
  });
});

describe("an error as a tool result", () => {
  it("says what to do by family: the server's configuration, the network, a timeout, anything else stripped", () => {
    const config = errorResult(
      "get_satoshi_inscriptions",
      new HiroValidationError("--ordinals-url", "not set: pass --ordinals-url. Nothing was sent."),
    );
    expect(textOf(config)).toContain("the MCP server's configuration lacks it");
    const network = errorResult("get_api_status", new HiroNetworkError("fetch failed"));
    expect(textOf(network)).toContain("check the MCP server's base URL");
    const timeout = errorResult("get_api_status", new HiroTimeoutError(15_000));
    expect(textOf(timeout)).toContain("did not answer in time, even after retries");
    const odd = errorResult("get_api_status", new Error("boom\u001b[2J\nnext"));
    expect(odd.isError).toBe(true);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    expect(textOf(odd).split("\n")[0]).not.toMatch(/[\u0000-\u001f]/);
  });
});
