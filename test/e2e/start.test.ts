/**
 * `npm start` and `npm run mock` as processes, in a scratch copy of the project (so the tests can
 * edit its openapi.yaml): docs + mock + a lookup; the watch loop (a lint error keeps the last good
 * state, valid edits reach types, docs and mock with a timing line per step, and the mock never
 * refuses a connection meanwhile); stopping from any process of the tree leaves nothing behind; a
 * taken port fails loudly.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

let dir = "";
let original = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hiro-start-"));
  for (const entry of [
    "openapi.yaml",
    "redocly.yaml",
    "package.json",
    "CHANGELOG.md",
    "tsconfig.json",
    "scripts",
    "src",
  ]) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  // The docs build renders the guide into the portal beside the reference.
  cpSync(join(ROOT, "docs/guide.md"), join(dir, "docs/guide.md"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  original = readFileSync(join(dir, "openapi.yaml"), "utf8");
  // The spec as released at package.json's version, so that the watch's word on breaking changes is
  // about the test's own edits, not a breaking change openapi.yaml already holds for the next release.
  const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
  writeFileSync(join(dir, `scripts/release/openapi-${version}.yaml`), original);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SFT = "/metadata/v1/sft/SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1/35";
const editSpec = (text: string) => writeFileSync(join(dir, "openapi.yaml"), text);
const withSupply = (supply: string) => original.replace("total_supply: '250'", `total_supply: '${supply}'`);

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether `port` can be bound (nothing holds it). */
async function isFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** All descendants of `pid` (Linux /proc), to check none is left running. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {} // gone meanwhile
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents)
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes of `tree` still alive after up to 10 s (exiting children get a moment to go). */
async function survivors(tree: number[]): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  while (tree.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return tree.filter(alive);
}

/** Starts a command in the scratch copy; `output()` is everything it printed so far. */
function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: dir,
    env: { ...process.env, HIRO_MOCK_PORT: "0", HIRO_DOCS_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000, from = 0) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(text.slice(from))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${text}`);
      if (child.exitCode !== null)
        throw new Error(`exited ${child.exitCode} before ${pattern}; output:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return text;
  };
  return { child, waitFor, output: () => text };
}
const startScript = (args: string[] = [], env: Record<string, string> = {}) =>
  start(process.execPath, ["--import", "tsx", "scripts/start.ts", ...args], env);

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );
const mockUrl = (text: string) => /Mock API\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1] ?? "";
const supplyAt = async (url: string) =>
  ((await (await fetch(`${url}${SFT}`)).json()) as { total_supply: string }).total_supply;

/** Polls `url` every 20 ms until `stop()`, counting answers and the errors (ECONNREFUSED…) seen. */
function poll(url: string) {
  let running = true;
  const errors: string[] = [];
  let answers = 0;
  const done = (async () => {
    while (running) {
      try {
        await (await fetch(url)).arrayBuffer();
        answers++;
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        errors.push(cause?.code ?? String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { answers, errors };
    },
  };
}

describe("npm start", () => {
  it("--once builds the docs, serves them and the mock, prints a lookup, and exits 0", async () => {
    const run = startScript(["--once"]);
    expect(await exited(run.child)).toBe(0);
    const text = run.output();
    expect(text).toMatch(/API docs\s+http:\/\/127\.0\.0\.1:\d+\//);
    expect(text).toMatch(/Guide\s+http:\/\/127\.0\.0\.1:\d+\/guide\.html/);
    expect(mockUrl(text)).not.toBe("");
    expect(text).toMatch(/^ {2}docs +\d+ ms/m);
    expect(text).toContain(
      "client.getSatoshiInscriptions({ ordinal: 1252201400444387n, limit: 2 }) → total 1",
    );
    expect(text).toContain('"key-alex-autoalex-v1 #35", total_supply 250');
    expect(readFileSync(join(dir, "docs/index.html"), "utf8")).toContain("Get semi-fungible token metadata");
  }, 90_000);

  it("watches openapi.yaml: a lint error keeps the last good state, valid edits reach types, docs and mock, timed per step, with no refused connection", async () => {
    const run = startScript();
    await run.waitFor(/Watching openapi.yaml/);
    const url = mockUrl(run.output());
    const poller = poll(`${url}${SFT}`);
    const times: number[] = [];
    try {
      // An operation without its operationId breaks lint: nothing is rebuilt and the mock keeps serving.
      let from = run.output().length;
      editSpec(original.replace(/operationId: getSftMetadata\n\s*/, ""));
      await run.waitFor(/lint failed, still serving the last good version/, 30_000, from);
      expect(run.output().slice(from)).toContain("operation-operationId");
      expect(await supplyAt(url)).toBe("250");

      // Five valid edits in a row: each is linted, then types, docs and mock are updated.
      for (const supply of ["991", "992", "993", "994", "995"]) {
        from = run.output().length;
        editSpec(withSupply(supply));
        await run.waitFor(/edit → ready: \d+ ms/, 30_000, from);
        const lines = run.output().slice(from);
        for (const step of ["lint", "types", "docs", "mock"])
          expect(lines).toMatch(new RegExp(`^ {2}${step} +\\d+ ms`, "m"));
        times.push(Number(/edit → ready: (\d+) ms/.exec(lines)?.[1]));
        expect(lines).not.toContain("breaking:"); // an example's value: nothing breaks
        expect(await supplyAt(url)).toBe(supply);
        expect(readFileSync(join(dir, "docs/index.html"), "utf8")).toContain(supply);
      }

      // A breaking edit (the optional locale made required) is served all the same, and its ready line says so.
      from = run.output().length;
      editSpec(
        withSupply("996").replace(
          /(\n {4}Locale:\n {6}name: locale\n {6}in: query\n {6}required:) false/,
          "$1 true",
        ),
      );
      await run.waitFor(/edit → ready: \d+ ms/, 30_000, from);
      expect(run.output().slice(from)).toMatch(
        /edit → ready: \d+ ms \(types, docs and mock updated\) · breaking: \d+ changes? since [\d.]+ \(GET \/metadata\/v1\/[^)]*locale[^)]*\); needs a breaking version and its CHANGELOG entry/,
      );
    } finally {
      editSpec(original);
      const { answers, errors } = await poller.stop();
      run.child.kill("SIGINT");
      console.log(
        `edit → ready (ms): ${times.join(", ")}; mock answered ${answers} polls, ${errors.length} errors`,
      );
      expect(errors).toEqual([]); // never ECONNREFUSED, not even while Prism reloads
      expect(answers).toBeGreaterThan(50);
    }
    expect(await exited(run.child)).toBe(0);
    await expect(fetch(`${url}${SFT}`)).rejects.toThrow(); // the mock is gone: no orphan left listening
  }, 180_000);

  it('the README example, importing "hiro-lookup", typechecks against the edited spec with no build (resolved to src/)', async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(example).toContain('from "hiro-lookup"');
    writeFileSync(join(dir, "readme-example.ts"), example);
    // A field that only the edited spec has, read through the package name as a user would.
    writeFileSync(
      join(dir, "uses-new-field.ts"),
      'import type { SftMetadataResponse } from "hiro-lookup";\n' +
        "export const marker = (token: SftMetadataResponse): string | undefined => token.edit_marker;\n",
    );
    writeFileSync(
      join(dir, "tsconfig.example.json"),
      JSON.stringify({ extends: "./tsconfig.json", include: ["readme-example.ts", "uses-new-field.ts"] }),
    );
    const tsc = () =>
      new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.example.json", "--traceResolution"],
          { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
        );
        let text = "";
        child.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        child.on("exit", (code) => resolve({ code, text }));
      });
    const before = await tsc();
    expect(before.text).toContain(
      `Module name 'hiro-lookup' was successfully resolved to '${dir}/src/index.ts'`,
    );
    expect(before.text).toContain("Property 'edit_marker' does not exist");

    const run = startScript();
    try {
      await run.waitFor(/Watching openapi.yaml/);
      const from = run.output().length;
      editSpec(
        original.replace(
          /(\n {4}SftMetadataResponse:\n[\s\S]*?\n {6}properties:\n)/,
          "$1        edit_marker:\n          type: string\n          description: A field added by the test.\n",
        ),
      );
      await run.waitFor(/edit → ready: \d+ ms/, 30_000, from);
      const after = await tsc();
      expect(
        after.code,
        after.text
          .split("\n")
          .filter((line) => line.includes("error"))
          .join("\n"),
      ).toBe(0);
    } finally {
      editSpec(original);
      run.child.kill("SIGINT");
      await exited(run.child);
    }
  }, 120_000);

  const isPrism = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("prism-cli");
  const tsxBin = join(ROOT, "node_modules/.bin/tsx");
  const stopCases: ReadonlyArray<{
    name: string;
    command: string;
    args: string[];
    signal: NodeJS.Signals;
    target: (pid: number, tree: number[]) => number;
  }> = [
    {
      name: "SIGTERM to the npm parent",
      command: "npm",
      args: ["start", "--silent"],
      signal: "SIGTERM",
      target: (pid) => pid,
    },
    {
      name: "SIGTERM to the tsx parent",
      command: tsxBin,
      args: ["scripts/start.ts"],
      signal: "SIGTERM",
      target: (pid) => pid,
    },
    {
      name: "SIGHUP to tsx",
      command: tsxBin,
      args: ["scripts/start.ts"],
      signal: "SIGHUP",
      target: (pid) => pid,
    },
    {
      name: "SIGHUP to start.ts",
      command: process.execPath,
      args: ["--import", "tsx", "scripts/start.ts"],
      signal: "SIGHUP",
      target: (pid) => pid,
    },
    {
      name: "SIGTERM to Prism",
      command: process.execPath,
      args: ["--import", "tsx", "scripts/start.ts"],
      signal: "SIGTERM",
      target: (_, tree) => tree.find(isPrism) ?? 0,
    },
  ];
  for (const { name, command, args, signal, target } of stopCases) {
    it(`${name} stops tsx, start.ts and Prism and frees the ports`, async () => {
      const [mockPort, docsPort] = [await freePort(), await freePort()];
      const run = start(command, args, {
        HIRO_MOCK_PORT: String(mockPort),
        HIRO_DOCS_PORT: String(docsPort),
      });
      await run.waitFor(/Watching openapi.yaml/);
      const pid = run.child.pid ?? 0;
      const tree = descendants(pid);
      expect(tree.some(isPrism)).toBe(true);
      const victim = target(pid, tree);
      expect(victim).toBeGreaterThan(0);
      process.kill(victim, signal);
      expect(await survivors([pid, ...tree])).toEqual([]);
      expect(await isFree(mockPort)).toBe(true);
      expect(await isFree(docsPort)).toBe(true);
    }, 90_000);
  }

  for (const [variable, what] of [
    ["HIRO_MOCK_PORT", "Mock API"],
    ["HIRO_DOCS_PORT", "API docs"],
  ] as const) {
    it(`a taken ${variable} port fails loudly, naming the port and ${variable}`, async () => {
      const holder: Server = createServer();
      await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
      const { port } = holder.address() as { port: number };
      try {
        const run = startScript(["--once"], { [variable]: String(port) });
        expect(await exited(run.child)).not.toBe(0);
        expect(run.output()).toContain(`${what}: port ${port} on 127.0.0.1 is not available`);
        expect(run.output()).toContain(`${variable}=<port>`);
        expect(run.output()).not.toMatch(/Mock API\s+http/); // no other port taken silently
      } finally {
        holder.close();
      }
    }, 60_000);
  }
});

describe("npm run mock", () => {
  it("serves the last good snapshot through a YAML error, applies valid edits (its rules follow the spec served), and SIGTERM frees the port", async () => {
    const port = await freePort();
    const run = start(process.execPath, ["--import", "tsx", "scripts/start.ts", "--mock"], {
      HIRO_MOCK_PORT: String(port),
    });
    await run.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+/);
    // An edit made before the watch starts is never seen: wait for the line that says it watches.
    await run.waitFor(/Watching openapi.yaml/);
    const url = `http://127.0.0.1:${port}`;
    const tree = descendants(run.child.pid ?? 0);
    try {
      let from = run.output().length;
      editSpec(`${original}\n  : : not yaml [\n`);
      await run.waitFor(/lint failed, still serving the last good version/, 30_000, from);
      expect(await supplyAt(url)).toBe("250");
      from = run.output().length;
      editSpec(withSupply("321"));
      await run.waitFor(/mock reloaded/, 30_000, from);
      expect(await supplyAt(url)).toBe("321");
      // The rules follow the spec served: the example now names token 41, so 41 has its data; 35 now has none.
      from = run.output().length;
      editSpec(withSupply("321").replace("token_id: '35'\n      value:", "token_id: '41'\n      value:"));
      await run.waitFor(/mock reloaded/, 30_000, from);
      const token41 = await fetch(`${url}${SFT.replace(/35$/, "41")}`);
      expect(((await token41.json()) as { total_supply: string }).total_supply).toBe("321");
      expect((await fetch(`${url}${SFT}`)).status).not.toBe(200);
    } finally {
      editSpec(original);
    }
    process.kill(run.child.pid ?? 0, "SIGTERM");
    expect(await exited(run.child)).toBe(0);
    expect(await survivors(tree)).toEqual([]);
    expect(await isFree(port)).toBe(true);
  }, 90_000);

  it("a taken port fails loudly, naming the port and HIRO_MOCK_PORT", async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as { port: number };
    try {
      const run = start(process.execPath, ["--import", "tsx", "scripts/start.ts", "--mock"], {
        HIRO_MOCK_PORT: String(port),
      });
      expect(await exited(run.child)).not.toBe(0);
      expect(run.output()).toContain(`port ${port} on 127.0.0.1 is not available`);
      expect(run.output()).toContain("HIRO_MOCK_PORT=<port>");
    } finally {
      holder.close();
    }
  }, 60_000);
});
