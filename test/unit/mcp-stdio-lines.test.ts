/**
 * The stdio line guard of `hiro-lookup mcp` (issue 46's attacker's round): a line that is not JSON gets a
 * parse error, a JSON line that is not a JSON-RPC message an invalid request with its id, a line past
 * 1 MiB one invalid request (dropped to its end, in whatever chunks it comes), and every good line passes
 * through whole, however the chunks cut it.
 */
import { describe, expect, it } from "vitest";
import { guardedLines, MAX_LINE_BYTES } from "../../src/mcp/stdio-lines.js";

/** What the guard passes on and what it answers, for `chunks` written in order. */
async function through(chunks: (string | Buffer)[]): Promise<{ passed: string; replies: unknown[] }> {
  const replies: unknown[] = [];
  const isMessage = (value: unknown) =>
    typeof value === "object" && value !== null && (value as { jsonrpc?: unknown }).jsonrpc === "2.0";
  const guard = guardedLines((frame) => replies.push(JSON.parse(frame)), isMessage);
  let passed = "";
  guard.on("data", (chunk: Buffer) => (passed += chunk.toString()));
  const ended = new Promise((resolve) => guard.on("end", resolve));
  for (const chunk of chunks) guard.write(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  guard.end();
  await ended;
  return { passed, replies };
}

describe("the stdio line guard", () => {
  it("passes JSON-RPC lines whole across chunks, answers the others", async () => {
    const good = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const { passed, replies } = await through([
      good.slice(0, 5),
      `${good.slice(5)}\nnot json\n{"id":3}\n`,
      "\n",
    ]);
    expect(passed).toBe(`${good}\n`);
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringContaining("not JSON") } },
      { jsonrpc: "2.0", id: 3, error: { code: -32600, message: expect.stringContaining("not a JSON-RPC") } },
    ]);
  });

  it("answers a line past 1 MiB once, drops it to its end, and reads the next line", async () => {
    const good = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    const piece = Buffer.alloc(256 * 1024, "x");
    const chunks = [...Array.from({ length: 6 }, () => piece), Buffer.from(`tail\n${good}\n`)];
    const { passed, replies } = await through(chunks);
    expect(6 * piece.length).toBeGreaterThan(MAX_LINE_BYTES);
    expect(replies).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: `invalid request: a line past ${MAX_LINE_BYTES} bytes` },
      },
    ]);
    expect(passed).toBe(`${good}\n`);
  });
});
