/**
 * `hiro-lookup mcp` as a real process, driven by the MCP SDK's own `Client` over stdio (it checks every
 * frame, and each answer's `structuredContent` against the tool's output schema): every tool against the
 * mock, the failures an agent meets (refused input, not found, pending, a rate limit then an answer, a
 * retired host, an answer that does not fit the spec, a service that never answers) as `isError` results,
 * and `--mock`. A second, independent client speaks raw JSON-RPC lines: stdout holds frames and nothing else.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterEach, describe, expect, inject, it } from "vitest";
import { MCP_SDK_PACKAGE, MCP_SDK_VERSION as SDK_VERSION } from "../../src/mcp/index.js";
import { operations } from "../../src/spec-entry.js";
import { cliCommand } from "../helpers/cli-process.js";
import { behave, type MisbehavingServer, startMisbehavingServer } from "../helpers/misbehaving-server.js";
import { loadSpec, ROOT, specSamples } from "../helpers/spec.js";

const SFT = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
const NFT = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";
const SAMPLES = specSamples();
/** This process's environment without the developer's HIRO_* variables (key, URLs, log level). */
const env: Record<string, string> = { HIRO_API_KEY: "", HIRO_MOCK_PORT: "0" };
for (const [name, value] of Object.entries(process.env))
  if (value !== undefined && !name.startsWith("HIRO_") && !(name in env)) env[name] = value;
const spec = loadSpec();
const example = (name: string) => spec.components.examples[name]?.value;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

/** The SDK's client, connected to `hiro-lookup <globals> mcp`; `stderr` collects the server's. */
async function connect(globals: string[]): Promise<{ client: Client; stderr: () => string }> {
  const [command, ...args] = cliCommand([...globals, "mcp"]);
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: ROOT,
    env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "hiro-lookup-e2e", version: "0.0.0" });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");

/** A server of `script` (see misbehaving-server.ts), closed after the test. */
async function misbehaving(
  ...script: Parameters<typeof startMisbehavingServer>[0]
): Promise<MisbehavingServer> {
  const server = await startMisbehavingServer(script);
  open.push(server);
  return server;
}

/** One call of each tool, by name: a tool without a row here (a new operation) fails the test. */
const ARGUMENTS: Record<string, Record<string, unknown>> = {
  get_sft_metadata: { principal: SFT, token_id: 35 },
  get_satoshi_inscriptions: { ordinal: Number(SAMPLES.ordinal) },
  get_transaction_activity: { tx_id: SAMPLES.txId },
  search_tokens: { contract: [`${SFT}:35`, `${SFT}:99`] },
  get_api_status: {},
  get_fungible_tokens: { limit: 2 },
  get_ft_metadata: { principal: FT },
  get_nft_metadata: { principal: NFT, token_id: 1234 },
  // Token 36 is the mock's token still being fetched: the doctor says so without fetching a host.
  explain_token: { kind: "sft", principal: SFT, token_id: 36 },
};

describe("hiro-lookup mcp, with the SDK's client over stdio", () => {
  it("lists one tool per operation of the table (snake_case) and explain_token, each schema valid JSON Schema", async () => {
    const { client } = await connect(["--base-url", inject("mockUrl")]);
    const { tools } = await client.listTools();
    const snake = Object.keys(operations).map((id) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    expect(tools.map((tool) => tool.name).sort()).toEqual([...snake, "explain_token"].sort());
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    for (const tool of tools) {
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      if (tool.outputSchema) expect(() => ajv.compile(tool.outputSchema ?? {}), tool.name).not.toThrow();
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    }
    const sft = tools.find((tool) => tool.name === "get_sft_metadata");
    expect(sft?.inputSchema.required).toEqual(["principal", "token_id"]);
    expect(JSON.stringify(sft?.inputSchema.properties?.principal)).toContain("pattern");
  });

  it("answers a call of every tool against the mock, structured where the tool has an output schema", async () => {
    const { client } = await connect(["--base-url", inject("mockUrl"), "--retries", "0"]);
    const { tools } = await client.listTools();
    expect(Object.keys(ARGUMENTS).sort()).toEqual(tools.map((tool) => tool.name).sort());
    for (const tool of tools) {
      // The SDK's client has checked structuredContent against the tool's output schema already.
      const result = await call(client, tool.name, ARGUMENTS[tool.name] ?? {});
      expect(result.isError, `${tool.name}: ${textOf(result)}`).toBeFalsy();
      expect(JSON.parse(result.content[0]?.type === "text" ? result.content[0].text : "null")).toEqual(
        result.structuredContent ?? expect.anything(),
      );
      if (tool.outputSchema) expect(result.structuredContent, tool.name).toBeDefined();
    }
    const search = await call(client, "search_tokens", { contract: [`${SFT}:99`, `${SFT}:35`] });
    expect(search.structuredContent?.missing).toEqual([`${SFT}:99`]);
    const page = await call(client, "get_fungible_tokens", { limit: 1 });
    expect(textOf(page)).toMatch(
      /Next page: call get_fungible_tokens with the same arguments and \{"offset":1,"limit":1\}/,
    );
    const pending = await call(client, "explain_token", ARGUMENTS.explain_token ?? {});
    expect(pending.structuredContent?.verdict).toBe("pending");
  });

  it("refused input, not found and pending metadata are isError results that say what to do", async () => {
    const { client } = await connect(["--base-url", inject("mockUrl"), "--retries", "0"]);
    const refused = await call(client, "get_sft_metadata", { principal: "not-a-principal", token_id: 35 });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /^get_sft_metadata failed: principal: .*\nWhat to do: Nothing was sent: correct `principal`/,
    );
    const unknownArgument = await call(client, "get_api_status", { verbose: true });
    expect(textOf(unknownArgument)).toContain("verbose: is not an argument of get_api_status");
    const notFound = await call(client, "get_nft_metadata", { principal: SFT, token_id: 999_999 });
    expect(notFound.isError).toBe(true);
    expect(textOf(notFound)).toMatch(
      /not found[\s\S]*What to do: The service does not know this contract or token/i,
    );
    const pending = await call(client, "get_sft_metadata", { principal: SFT, token_id: 36 });
    expect(pending.isError).toBe(true);
    expect(textOf(pending)).toContain("What to do: The service is still fetching this token's metadata");
    // The server is still there after the errors.
    expect((await call(client, "get_api_status", {})).isError).toBeFalsy();
  });

  it("retries a 429 and answers with the 200 that follows", async () => {
    const server = await misbehaving(
      behave.rateLimitedSeconds(1),
      behave.json(200, example("ApiStatusReady")),
    );
    const { client } = await connect(["--base-url", server.url]);
    const result = await call(client, "get_api_status", {});
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(server.attempts).toBe(2);
  });

  it("a retired host (410), a rate limit that holds and an answer off the spec are isError results", async () => {
    const retired = await misbehaving(
      behave.json(410, {
        error: "Gone",
        message: "This API was retired",
        documentation_url: "https://docs.hiro.so",
      }),
    );
    const { client } = await connect(["--base-url", retired.url, "--retries", "0"]);
    const gone = await call(client, "get_satoshi_inscriptions", { ordinal: 1 });
    expect(gone.isError).toBe(true);
    expect(textOf(gone)).toContain("What to do: This host no longer serves the service (410 Gone)");

    const limited = await misbehaving(behave.rateLimitedSeconds(1));
    const second = await connect(["--base-url", limited.url, "--retries", "1"]);
    const held = await call(second.client, "get_api_status", {});
    expect(held.isError).toBe(true);
    expect(textOf(held)).toContain("What to do: The service's rate limit held");

    const wrong = await misbehaving(behave.json(200, { status: "ready" }));
    const third = await connect(["--base-url", wrong.url, "--retries", "0"]);
    const invalid = await call(third.client, "get_api_status", {});
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toContain("What to do: The service's answer does not fit the spec");
  });

  it("answers within the client's 60 s with isError when the service never answers (default timeouts)", async () => {
    const server = await misbehaving(behave.neverAnswer());
    const { client } = await connect(["--base-url", server.url]);
    const started = performance.now();
    const result = (await client.callTool({ name: "get_api_status", arguments: {} }, undefined, {
      timeout: 60_000,
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no answer within|deadline/);
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(server.attempts).toBe(3);
  }, 120_000);

  it("a service without a URL: the server's configuration lacks it, in the flag's words, nothing sent", async () => {
    const { client } = await connect(["--metadata-url", inject("mockUrl")]);
    const result = await call(client, "get_satoshi_inscriptions", { ordinal: 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^get_satoshi_inscriptions failed: --ordinals-url: not set: pass --ordinals-url/,
    );
    expect(textOf(result)).toContain("What to do: Nothing was sent: the MCP server's configuration lacks it");
  });

  it("serves openapi.yaml as a resource", async () => {
    const { client } = await connect(["--base-url", inject("mockUrl")]);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["hiro-lookup://openapi.yaml"]);
    const read = await client.readResource({ uri: "hiro-lookup://openapi.yaml" });
    const [first] = read.contents;
    expect(first && "text" in first ? first.text : "").toMatch(/^openapi: 3\.1/);
  });

  it("works with --mock, as every command does", async () => {
    const { client } = await connect(["--mock"]);
    const result = await call(client, "get_sft_metadata", { principal: SFT, token_id: 35 });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent?.total_supply).toBeDefined();
    // The doctor reads the token documents and images the mock serves, as `--mock explain` does: the
    // mock's good token ends ok, offline, and its answer passes the SDK's output-schema check.
    const explained = await call(client, "explain_token", { kind: "sft", principal: SFT, token_id: 35 });
    expect(explained.isError, textOf(explained)).toBeFalsy();
    expect(explained.structuredContent?.verdict).toBe("ok");
  });
});

describe("hiro-lookup mcp, with a client of raw JSON-RPC lines", () => {
  it("writes protocol frames alone on stdout (logs on stderr), and exits 0 when stdin closes", async () => {
    const [command, ...args] = cliCommand(["--base-url", inject("mockUrl"), "--verbose", "mcp"]);
    const child = spawn(command, args, { cwd: ROOT, env });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const lines: string[] = [];
    const answered = new Map<number, (frame: Record<string, unknown>) => void>();
    createInterface({ input: child.stdout }).on("line", (line) => {
      lines.push(line);
      const frame = JSON.parse(line) as Record<string, unknown>;
      if (typeof frame.id === "number") answered.get(frame.id)?.(frame);
    });
    const request = (id: number, method: string, params: object) =>
      new Promise<Record<string, unknown>>((resolve) => {
        answered.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      });
    const init = await request(1, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw", version: "0" },
    });
    expect(init.result).toMatchObject({ serverInfo: { name: "hiro-lookup" }, capabilities: { tools: {} } });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    const list = (await request(2, "tools/list", {})) as { result: { tools: { name: string }[] } };
    expect(list.result.tools.map((tool) => tool.name)).toContain("explain_token");
    const status = (await request(3, "tools/call", { name: "get_api_status", arguments: {} })) as {
      result: CallToolResult;
    };
    expect(status.result.isError).toBeFalsy();
    // An unknown tool is an answer the agent can read, not a protocol error.
    const unknown = (await request(4, "tools/call", { name: "get_weather", arguments: {} })) as {
      result: CallToolResult;
    };
    expect(unknown.result.isError).toBe(true);
    expect(textOf(unknown.result)).toContain("is not a tool of this server: its tools are get_sft_metadata");
    const code = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end();
    expect(await code).toBe(0);
    // Every stdout line is a JSON-RPC 2.0 frame; --verbose logged each attempt on stderr.
    expect(lines.length).toBe(4);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    expect(stderr).toMatch(/attempt .*"operationId":"getApiStatus"/);
  });
});

describe("the guide's section on hiro-lookup mcp", () => {
  const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
  const section = /\n## Tools for AI agents[\s\S]*?(?=\n## )/.exec(guide)?.[0] ?? "";
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");

  it("gives an mcpServers entry that installs the SDK beside the package, and lists every tool", async () => {
    const config = JSON.parse(blocks[0] ?? "") as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const server = config.mcpServers["hiro-lookup"];
    expect(server?.command).toBe("npx");
    expect(server?.args).toEqual(
      expect.arrayContaining(["hiro-lookup", `${MCP_SDK_PACKAGE}@${SDK_VERSION}`]),
    );
    expect(server?.args.at(-1)).toBe("mcp");
    // The README's entry is the guide's.
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const readmeEntry =
      /## Tools for AI agents \(MCP\)[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(JSON.parse(readmeEntry).mcpServers["hiro-lookup"].args).toEqual(server?.args);
    const { client } = await connect(["--base-url", inject("mockUrl")]);
    const { tools } = await client.listTools();
    const listed = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(tools.map((tool) => tool.name).sort());
  });

  it("shows a worked exchange that the server answers as written", async () => {
    const { client } = await connect(["--base-url", inject("mockUrl")]);
    const exchanges = [
      [blocks[1], blocks[2]],
      [undefined, blocks[3]],
    ] as const;
    const request = JSON.parse(exchanges[0][0] ?? "") as { params: { name: string; arguments: object } };
    const answer = JSON.parse(exchanges[0][1] ?? "") as { result: CallToolResult };
    const result = await call(client, request.params.name, { ...request.params.arguments });
    expect(result.structuredContent).toEqual(answer.result.structuredContent);
    expect(JSON.parse(textOf(result))).toEqual(answer.result.structuredContent);
    const pending = JSON.parse(exchanges[1][1] ?? "") as { result: CallToolResult };
    expect(await call(client, request.params.name, { ...request.params.arguments, token_id: 36 })).toEqual(
      pending.result,
    );
  });
});

describe("hiro-lookup mcp --http: Streamable HTTP on 127.0.0.1", () => {
  /** A POST of `body` to `url` with another Host header (what a page reached through DNS rebinding sends). */
  const postAs = (url: string, host: string, body: object) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        {
          method: "POST",
          headers: {
            host,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(body));
    });

  it("answers the SDK's HTTP client, refuses a foreign Host and GET, and stops on SIGTERM", async () => {
    const [command, ...args] = cliCommand(["--base-url", inject("mockUrl"), "mcp", "--http", "0"]);
    const child = spawn(command, args, { cwd: ROOT, env });
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    let stderr = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = /on (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(stderr)?.[1];
        if (found) resolve(found);
      });
      child.once("close", () => reject(new Error(`exited before listening: ${stderr}`)));
    });
    try {
      const client = new Client({ name: "hiro-lookup-e2e-http", version: "0.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      open.push(client);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("explain_token");
      const status = (await client.callTool({ name: "get_api_status", arguments: {} })) as CallToolResult;
      expect(status.isError, textOf(status)).toBeFalsy();
      const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
      expect(await postAs(url, "attacker.example", ping)).toBe(403);
      expect(await postAs(url, new URL(url).host, ping)).toBe(200);
      expect((await fetch(url)).status).toBe(405);
      const huge = { ...ping, params: { padding: "x".repeat(1024 * 1024) } };
      expect(await postAs(url, new URL(url).host, huge)).toBe(413);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await closed).toBe(0);
    expect(stderr).not.toContain("Error");
  });
});
