/**
 * `hiro-lookup mcp` serves both protocol eras from one server (issue 46), tested with each era's own SDK
 * client spawning the CLI: the v1 SDK's `Client` (`@modelcontextprotocol/sdk`, the 2025-11-25 handshake)
 * and the v2 SDK's (`@modelcontextprotocol/client`, pinned to 2026-07-28: that revision or nothing), over
 * stdio and over `--http`. Each lists every tool and calls each one against the mock (each client checks
 * every answer's `structuredContent` against the tool's output schema). Over HTTP, raw POSTs check what the
 * 2026-07-28 revision asks of the server: the `Mcp-Method` header against the body (400, -32020 on a
 * mismatch), public cache hints on `tools/list`, and a batch refused; on stdio, a line that is not JSON
 * gets a parse error.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttp,
} from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdio } from "@modelcontextprotocol/client/stdio";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as LegacyStdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as LegacyHttp } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, describe, expect, inject, it } from "vitest";
import { cliCommand } from "../helpers/cli-process.js";
import { ROOT, specSamples } from "../helpers/spec.js";

const SFT = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const SAMPLES = specSamples();
const env: Record<string, string> = { HIRO_API_KEY: "", HIRO_MOCK_PORT: "0" };
for (const [name, value] of Object.entries(process.env))
  if (value !== undefined && !name.startsWith("HIRO_") && !(name in env)) env[name] = value;

/** One call of each tool, by name: a tool without a row here (a new operation) fails the test. */
const ARGUMENTS: Record<string, Record<string, unknown>> = {
  get_sft_metadata: { principal: SFT, token_id: 35 },
  get_satoshi_inscriptions: { ordinal: Number(SAMPLES.ordinal) },
  get_transaction_activity: { tx_id: SAMPLES.txId },
  search_tokens: { contract: [`${SFT}:35`, `${SFT}:99`] },
  get_api_status: {},
  get_fungible_tokens: { limit: 2 },
  get_ft_metadata: { principal: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex" },
  get_nft_metadata: {
    principal: "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys",
    token_id: 1234,
  },
  explain_token: { kind: "sft", principal: SFT, token_id: 36 },
};

const MOCK = () => ["--base-url", inject("mockUrl"), "--retries", "0"];
const PIN = { versionNegotiation: { mode: { pin: "2026-07-28" as const } } };

/** What both SDKs' clients share, as these tests use them. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string; outputSchema?: object }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

const children: ChildProcessWithoutNullStreams[] = [];
const clients: AnyClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  for (const child of children) child.kill("SIGTERM");
});

/** `hiro-lookup <globals> mcp --http 0`, and its endpoint's URL once it listens. */
async function httpServer(): Promise<string> {
  const [command, ...args] = cliCommand([...MOCK(), "mcp", "--http", "0"]);
  const child = spawn(command, args, { cwd: ROOT, env });
  children.push(child);
  let stderr = "";
  return new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /on (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(stderr)?.[1];
      if (found) resolve(found);
    });
    child.once("close", () => reject(new Error(`exited before listening: ${stderr}`)));
  });
}

const stdioParams = () => {
  const [command, ...args] = cliCommand([...MOCK(), "mcp"]);
  return { command, args, cwd: ROOT, env, stderr: "pipe" as const };
};

/** The four ways in: each era's SDK client, over stdio and over HTTP. */
const WAYS: { name: string; era: "legacy" | "modern"; connect: (url?: string) => Promise<AnyClient> }[] = [
  {
    name: "the v1 SDK's client (2025-11-25) over stdio",
    era: "legacy",
    connect: async () => {
      const client = new LegacyClient({ name: "e2e-v1", version: "0" });
      await client.connect(new LegacyStdio(stdioParams()));
      expect(client.getServerVersion()?.name).toBe("hiro-lookup");
      return client as unknown as AnyClient;
    },
  },
  {
    name: "the v2 SDK's client pinned to 2026-07-28 over stdio",
    era: "modern",
    connect: async () => {
      const client = new ModernClient({ name: "e2e-v2", version: "0" }, PIN);
      await client.connect(new ModernStdio(stdioParams()));
      expect(client.getProtocolEra()).toBe("modern");
      return client as unknown as AnyClient;
    },
  },
  {
    name: "the v1 SDK's client (2025-11-25) over --http",
    era: "legacy",
    connect: async (url = "") => {
      const client = new LegacyClient({ name: "e2e-v1-http", version: "0" });
      await client.connect(new LegacyHttp(new URL(url)));
      return client as unknown as AnyClient;
    },
  },
  {
    name: "the v2 SDK's client pinned to 2026-07-28 over --http",
    era: "modern",
    connect: async (url = "") => {
      const client = new ModernClient({ name: "e2e-v2-http", version: "0" }, PIN);
      await client.connect(new ModernHttp(new URL(url)));
      expect(client.getProtocolEra()).toBe("modern");
      return client as unknown as AnyClient;
    },
  },
];

describe("both eras, one server: each SDK's own client lists and calls every tool", () => {
  let url: Promise<string> | undefined;
  /** One `--http` server for both HTTP clients, started by the first. */
  const sharedUrl = () => {
    url ??= httpServer();
    return url;
  };
  for (const way of WAYS) {
    it(way.name, async () => {
      const client = await way.connect(way.name.includes("--http") ? await sharedUrl() : undefined);
      clients.push(client);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(ARGUMENTS).sort());
      for (const tool of tools) {
        // The client has checked structuredContent against the tool's output schema already.
        const result = await client.callTool({ name: tool.name, arguments: ARGUMENTS[tool.name] ?? {} });
        expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        expect(result.structuredContent, tool.name).toBeDefined();
      }
      const status = await client.callTool({ name: "get_api_status", arguments: {} });
      console.log(`${way.name}: get_api_status as the client sees it:\n${JSON.stringify(status)}`);
      const refused = await client.callTool({
        name: "get_sft_metadata",
        arguments: { principal: SFT, token_id: 35, locale: "x".repeat(100_000) },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain(
        "locale: must be a well-formed string of at most 35 characters",
      );
    }, 120_000);
  }
});

describe("--http, as the 2026-07-28 revision asks", () => {
  const MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
  };
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } };
  const modernHeaders = { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" };

  it("answers tools/list with public cache hints, in the table's order, and refuses an Mcp-Method that is not the body's (400, -32020)", async () => {
    const url = await httpServer();
    const listed = await post(url, list, modernHeaders);
    expect(listed.status).toBe(200);
    const result = listed.body.result as { tools: { name: string }[]; ttlMs: number; cacheScope: string };
    expect(result.cacheScope).toBe("public");
    expect(result.ttlMs).toBe(24 * 60 * 60 * 1000);
    expect(result.tools.map((tool) => tool.name)).toEqual(Object.keys(ARGUMENTS));
    const mismatch = await post(url, list, { ...modernHeaders, "mcp-method": "tools/call" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: { code: -32020 } });
    const call = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "get_api_status", arguments: {}, _meta: MODERN_META },
    };
    const wrongName = await post(url, call, {
      ...modernHeaders,
      "mcp-method": "tools/call",
      "mcp-name": "get_weather",
    });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body).toMatchObject({ error: { code: -32020 } });
  });

  it("refuses a batch of 100 tool calls (one POST runs at most one tool): 400, -32600", async () => {
    const url = await httpServer();
    const calls = Array.from({ length: 100 }, (_, id) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "get_api_status", arguments: {} },
    }));
    const batch = await post(url, calls);
    expect(batch.status).toBe(400);
    expect(batch.body).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringContaining("batch") },
    });
  });
});

describe("stdio: a line that is not a JSON-RPC message", () => {
  it("gets a parse error (-32700) or an invalid request (-32600), and the server goes on", async () => {
    const [command, ...args] = cliCommand([...MOCK(), "mcp"]);
    const child = spawn(command, args, { cwd: ROOT, env });
    children.push(child);
    const frames: Record<string, unknown>[] = [];
    const waiting: (() => void)[] = [];
    createInterface({ input: child.stdout }).on("line", (line) => {
      frames.push(JSON.parse(line) as Record<string, unknown>);
      waiting.shift()?.();
    });
    const next = () =>
      new Promise<Record<string, unknown>>((resolve) => waiting.push(() => resolve(frames.at(-1) ?? {})));
    let answered = next();
    child.stdin.write("this is not json\n");
    expect(await answered).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: expect.stringContaining("not JSON") },
    });
    answered = next();
    child.stdin.write(`${JSON.stringify({ id: 7, hello: "world" })}\n`);
    expect(await answered).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32600 } });
    answered = next();
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 8, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } } })}\n`,
    );
    expect(await answered).toMatchObject({ id: 8, result: { serverInfo: { name: "hiro-lookup" } } });
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end();
    expect(await closed).toBe(0);
  });
});
