/**
 * The weight of `tools/list` (issue 46), held: the whole list within half of what it was (38,707 bytes and
 * 9,489 estimated tokens for 9 tools, 2026-12-01), and nothing lost on the way: every parameter is
 * described and keeps each rule the spec gives it (pattern, range, enum, length), each tool has its
 * output schema (the answer's outline; the validator checks the rest), and the annotations are as they
 * were. Tokens are estimated with a real BPE tokenizer (gpt-tokenizer's o200k_base, GPT-4o's), on the
 * JSON a client reads. The figures print per tool.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { createToolBox } from "../../src/mcp/tool-calls.js";
import { DESCRIPTION_CHARS } from "../../src/mcp/tool-table.js";
import { parameterRules } from "../../src/spec-entry.js";
import { createTestClient } from "../helpers/test-client.js";

/** `tools/list` before issue 46: the JSON-RPC answer's bytes, and its estimated tokens. */
const BEFORE = { bytes: 38_707, tokens: 9_489 };
/** The budget: half of it. */
const BUDGET = { bytes: Math.floor(BEFORE.bytes / 2), tokens: Math.floor(BEFORE.tokens / 2) };

const { client } = createTestClient(() => new Response("{}"));
const { tools } = createToolBox(client, { deadlineMs: 1_000, hostTimeoutMs: 100 });

describe("tools/list's weight", () => {
  it(`stays within ${BUDGET.bytes} bytes and ${BUDGET.tokens} estimated tokens (half of before), per tool printed`, () => {
    const answer = JSON.stringify({ result: { tools }, jsonrpc: "2.0", id: 2 });
    const rows = tools.map((tool) => {
      const text = JSON.stringify(tool);
      return `${tool.name.padEnd(26)} ${String(Buffer.byteLength(text)).padStart(6)} B ${String(countTokens(text)).padStart(5)} tokens`;
    });
    const bytes = Buffer.byteLength(answer);
    const tokens = countTokens(answer);
    console.log(
      `tools/list: ${bytes} B, ${tokens} tokens (before: ${BEFORE.bytes} B, ${BEFORE.tokens} tokens)\n${rows.join("\n")}`,
    );
    expect(bytes).toBeLessThanOrEqual(BUDGET.bytes);
    expect(tokens).toBeLessThanOrEqual(BUDGET.tokens);
  });

  it("describes every parameter and keeps each rule the spec gives it", () => {
    for (const tool of tools) {
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        const said = schema as Record<string, unknown>;
        expect(String(said.description ?? "").length, `${tool.name}.${name}`).toBeGreaterThan(10);
        const rule = (parameterRules as Record<string, Record<string, unknown>>)[name];
        if (rule === undefined) continue; // explain_token's own (kind, token_uri)
        for (const [keyword, value] of Object.entries(rule)) {
          if (keyword === "default" || (keyword === "maximum" && name === "limit")) continue; // the tool's own
          expect(said[keyword], `${tool.name}.${name}.${keyword}`).toEqual(value);
        }
        // A range for every number: at least its lower bound, and an upper one.
        if (said.type === "integer") {
          expect(said.minimum, `${tool.name}.${name}`).toBeDefined();
          if (name !== "offset")
            expect(said.maximum ?? said.exclusiveMaximum, `${tool.name}.${name}`).toBeDefined();
        }
      }
    }
    const sft = tools.find((tool) => tool.name === "get_sft_metadata");
    expect(sft?.inputSchema.properties?.token_id).toMatchObject({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    expect(sft?.inputSchema.properties?.locale).toMatchObject({ maxLength: 35 });
  });

  it("cuts a description at a sentence, within its bound (the first sentence always)", () => {
    for (const tool of tools)
      for (const schema of Object.values(tool.inputSchema.properties ?? {})) {
        const text = String((schema as { description?: unknown }).description);
        if (!text.includes("On this server"))
          expect(text.length).toBeLessThanOrEqual(DESCRIPTION_CHARS + 120);
        expect(text).toMatch(/[.)]$/);
      }
  });

  it("gives every tool an output schema and the annotations as they were", () => {
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations).toEqual({
        title: expect.any(String),
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: true,
      });
    }
  });
});
