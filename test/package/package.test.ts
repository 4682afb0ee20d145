/**
 * The package as published: builds dist/ (`npm run build`, unless its build stamp says it is current),
 * packs it (npm pack), installs the tarball into a scratch consumer project and uses it from there, as ESM and as CommonJS, through its types and its
 * `bin`; then publint and Are The Types Wrong check the same tarball.
 *
 * Offline: the consumer gets a lockfile made from this project's own package-lock.json entries for
 * the runtime dependencies, so `npm ci --offline` takes them from the npm cache that `npm ci` filled.
 * (A plain `npm install <tarball>` needs registry metadata that a lockfile-driven `npm ci` does not
 * cache.) Only if that fails does it fall back to `npm install --prefer-offline`.
 */
import { execFile, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { distIsCurrent } from "../../scripts/lib/dist-stamp.js";
import { MSW_INSTALL_HINT } from "../../scripts/lib/msw-guard.js";
import { MCP_SDK_VERSION } from "../../src/mcp/index.js";
import { PRISM_VERSION } from "../../src/mock-server/prism.js";
import { printedUrl } from "../helpers/printed-url.js";
import { ROOT, SPEC_PATH } from "../helpers/spec.js";
import { CHECKED_ENTRIES, EXPECTED, entryChecksScript, type ModuleSystem } from "./entry-checks.js";
import { jestResults, OLDEST_MSW, prepareJestConsumer } from "./msw-consumer.js";

const TIMEOUT_MS = 120_000;
/**
 * A command's time limit, catching a hang only: a fresh clone's build (tsup's declarations) took over 90 s
 * at load 20 on 2 cores, and was killed mid-build (exit 143) by the 90 s limit this had.
 */
const COMMAND_TIMEOUT_MS = 300_000;
/** The setup's limit: the build, the pack and the consumer's install, one after another. */
const SETUP_TIMEOUT_MS = 3 * COMMAND_TIMEOUT_MS;
const ORDINAL = "1252201400444387";
const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const bin = (name: string) => join(ROOT, "node_modules/.bin", name);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion (never throws on a non-zero exit), without npm's script environment. */
function run(file: string, args: readonly string[], cwd: string): Promise<Run> {
  // Under `npm test`, npm_* variables describe this project (local prefix, package.json): keep them
  // away from the npm and tools run inside scratch projects. The cache location is kept.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("npm_") || key === "npm_config_cache"),
  );
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd,
        env: { ...env, NO_COLOR: "1", npm_config_update_notifier: "false", npm_config_audit: "false" },
        timeout: COMMAND_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

/** Like {@link run}, but fails with the command's output unless it exits 0. */
async function ok(file: string, args: readonly string[], cwd: string): Promise<Run> {
  const result = await run(file, args, cwd);
  if (result.code !== 0)
    throw new Error(
      `${[file, ...args].join(" ")} exited ${result.code}\n${result.stdout}\n${result.stderr}`.trim(),
    );
  return result;
}

type LockEntry = { version: string; dependencies?: Record<string, string>; [key: string]: unknown };

/**
 * A package-lock.json for a consumer of the tarball: the tarball itself, plus the runtime dependency
 * closure copied from this project's lockfile (resolved as Node would, from the requiring package up).
 */
function consumerLockfile(tarball: string, manifest: LockEntry & { name: string }): object {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const locate = (name: string, from: string): string => {
    for (let base = from; ; ) {
      const key = `${base ? `${base}/` : ""}node_modules/${name}`;
      if (lock.packages[key]) return key;
      if (!base) throw new Error(`${name} (needed by ${from || "hiro-lookup"}) is not in package-lock.json`);
      const cut = base.lastIndexOf("/node_modules/");
      base = cut < 0 ? "" : base.slice(0, cut);
    }
  };
  const packages: Record<string, object> = {
    "": { name: "consumer", dependencies: { [manifest.name]: `file:${tarball}` } },
    [`node_modules/${manifest.name}`]: {
      version: manifest.version,
      resolved: `file:${tarball}`,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
      license: manifest.license,
    },
  };
  const queue = Object.keys(manifest.dependencies ?? {}).map((name) => ({ name, from: "" }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const key = locate(next.name, next.from);
    const entry = lock.packages[key] as LockEntry;
    const target = `node_modules/${next.name}`;
    const placed = packages[target] as LockEntry | undefined;
    if (placed) {
      if (placed.version !== entry.version) throw new Error(`two versions of ${next.name} needed`);
      continue;
    }
    const { dev: _dev, devOptional: _devOptional, peer: _peer, optional: _optional, ...rest } = entry;
    packages[target] = rest;
    for (const name of Object.keys(entry.dependencies ?? {})) queue.push({ name, from: key });
  }
  return { name: "consumer", lockfileVersion: 3, requires: true, packages };
}

/** A page of inscriptions, the spec's own example, served for any satoshi. */
const page = (
  parse(readFileSync(SPEC_PATH, "utf8")) as {
    components: { examples: { SatoshiInscriptions: { value: { total: number; results: unknown[] } } } };
  }
).components.examples.SatoshiInscriptions.value;

let work: string;
let consumer: string;
let tarball: string;
let tarballFiles: string[];
let server: Server;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "hiro-package-"));
  consumer = join(work, "consumer");
  mkdirSync(consumer);

  // dist/ as `npm run build` leaves it: rebuilt unless its stamp says it is the build of this tree as it is
  // now (after `npm run build`, or an earlier run). Then pack without running `prepack` again.
  if (!distIsCurrent(ROOT)) await ok(bin("tsx"), [join(ROOT, "scripts/build.ts"), "--silent"], ROOT);
  const packed = await ok(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", work, "--loglevel", "error"],
    ROOT,
  );
  const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  if (!info) throw new Error(`npm pack printed no package: ${packed.stdout}`);
  tarball = join(work, info.filename);
  tarballFiles = info.files.map((file) => file.path).sort();

  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as LockEntry & {
    name: string;
  };
  writeFileSync(
    join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, dependencies: { [manifest.name]: `file:${tarball}` } }),
  );
  writeFileSync(join(consumer, "package-lock.json"), JSON.stringify(consumerLockfile(tarball, manifest)));
  const offline = await run("npm", ["ci", "--offline", "--no-fund", "--loglevel", "error"], consumer);
  if (offline.code !== 0) {
    console.warn(`npm ci --offline failed, installing with --prefer-offline:\n${offline.stderr}`);
    rmSync(join(consumer, "package-lock.json"));
    await ok("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], consumer);
  }

  server = createServer((request: IncomingMessage, response) => {
    requests.push(request.url ?? "");
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === `/ordinals/v1/sats/${ORDINAL}/inscriptions`) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ...page, limit: Number(url.searchParams.get("limit") ?? 20) }));
    } else {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: "Not found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  it("holds dist, the guide, openapi.yaml, README.md, CHANGELOG.md, LICENSE and package.json, and nothing else", () => {
    expect(tarballFiles.filter((path) => !path.startsWith("dist/"))).toEqual([
      "CHANGELOG.md",
      "LICENSE",
      "README.md",
      "docs/guide.md",
      "openapi.yaml",
      "package.json",
    ]);
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
      bin: Record<string, string>;
    };
    // Every file the exports map and the bin point at is in it.
    const targets = JSON.stringify([manifest.exports, manifest.bin]).match(/\.\/dist\/[^"]+/g) ?? [];
    for (const target of targets) expect(tarballFiles).toContain(target.slice(2));
    expect(tarballFiles).toEqual(expect.arrayContaining(["dist/index.d.ts", "dist/index.d.cts"]));
  });

  it("declares no install-time script, so installing it runs (and warns about) none", () => {
    const installed = JSON.parse(
      readFileSync(join(consumer, "node_modules/hiro-lookup/package.json"), "utf8"),
    ) as { scripts?: Record<string, string> };
    const lifecycle = ["preinstall", "install", "postinstall", "prepare"];
    expect(Object.keys(installed.scripts ?? {}).filter((name) => lifecycle.includes(name))).toEqual([]);
  });

  it("carries the MIT license that package.json names, to the project's contributors", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { license: string };
    expect(manifest.license).toBe("MIT");
    const license = readFileSync(join(ROOT, "LICENSE"), "utf8");
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} hiro-lookup contributors\n/);
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it(
    "in this clone, `npx hiro-lookup` runs the built bin (dist/cli.js), as the README says",
    async () => {
      // npx links this clone into its cache as a folder dependency, and npm runs a folder dependency's
      // `prepare` (our build: ~25 s of CPU, rewriting dist/ while other files read it) unless told not to.
      // What is checked is which bin npx runs: dist/ is already the build of this tree (the beforeAll).
      const npx = await run("npx", ["--ignore-scripts", "hiro-lookup", "--help"], ROOT);
      expect(npx.code, npx.stderr).toBe(0);
      const built = await ok(process.execPath, [join(ROOT, "dist/cli.js"), "--help"], ROOT);
      expect(npx.stdout).toBe(built.stdout);
      expect(npx.stdout).toContain("sat-inscriptions");
    },
    TIMEOUT_MS,
  );

  it("declares no Prism: its mock needs none (Prism is the clone's devDependency, at the launcher's version)", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })).not.toContain(
      "@stoplight/prism-cli",
    );
    expect(manifest.devDependencies["@stoplight/prism-cli"]).toBe(PRISM_VERSION);
  });

  it("declares the MCP SDK an optional peer dependency whose range admits the tested release", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.peerDependenciesMeta["@modelcontextprotocol/server"]).toEqual({ optional: true });
    expect(manifest.devDependencies["@modelcontextprotocol/server"]).toBe(MCP_SDK_VERSION);
    expect(manifest.peerDependencies["@modelcontextprotocol/server"]).toBe(`^${MCP_SDK_VERSION}`);
    // The v1 SDK stays a devDependency only: its client is the 2025 era's in the two-era tests.
    expect(manifest.peerDependencies["@modelcontextprotocol/sdk"]).toBeUndefined();
  });

  it(
    "passes publint --strict",
    async () => {
      const result = await run(bin("publint"), ["run", tarball, "--strict"], work);
      expect(result.code, result.stdout + result.stderr).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    "passes Are The Types Wrong (node10, node16 from CJS and ESM, bundler)",
    async () => {
      const result = await run(bin("attw"), [tarball, "--format", "ascii"], work);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain("No problems found");
    },
    TIMEOUT_MS,
  );
});

/** `names` as the consumer's own devDependencies (links to this project's installs: no network). */
function linkDevDependencies(names: readonly string[] = ["msw", "jest"]): void {
  for (const name of names) {
    const link = join(consumer, "node_modules", name);
    mkdirSync(join(link, ".."), { recursive: true });
    if (!existsSync(link)) symlinkSync(join(ROOT, "node_modules", name), link, "dir");
  }
}

describe("hiro-lookup/msw in a consumer's tests", () => {
  // First: the consumer has no msw yet (the jest test below links it in).
  it(
    "loads its main entry without msw; hiro-lookup/msw then says what to install (an optional peer)",
    async () => {
      writeFileSync(
        join(consumer, "no-msw.cjs"),
        `require("hiro-lookup");
try { require("hiro-lookup/msw"); console.log("loaded"); } catch (e) { console.log(e.cause?.code, e.message); }
`,
      );
      // Issue 47: Node's bare "Cannot find module 'msw'" before.
      expect((await ok(process.execPath, ["no-msw.cjs"], consumer)).stdout.trim()).toBe(
        `MODULE_NOT_FOUND hiro-lookup/msw needs msw (an optional peer dependency), which is not installed: ${MSW_INSTALL_HINT}`,
      );
    },
    TIMEOUT_MS,
  );

  it(
    "works under jest in ESM mode (setupServer, msw 2.15): the mock's answers and a typed override",
    async () => {
      linkDevDependencies();
      // Jest in ESM mode: msw 2.15 depends on an ESM-only package that jest's CommonJS mode cannot
      // require on Node < 24.9 (its own message says so). The guide tells users the same.
      writeFileSync(
        join(consumer, "jest.config.mjs"),
        `export default { testEnvironment: "node", testMatch: ["**/*.jest.mjs"], transform: {} };\n`,
      );
      writeFileSync(
        join(consumer, "lookup.jest.mjs"),
        `import { setupServer } from "msw/node";
import { createHandlers } from "hiro-lookup/msw";
import { createLookupClient } from "hiro-lookup";
const base = "http://indexer.test";
const server = setupServer(...createHandlers({ baseUrl: base }));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
const client = createLookupClient({ baseUrl: base, maxRetries: 0 });
test("any sat: an empty page", async () => {
  expect(await client.getSatoshiInscriptions({ ordinal: 5000000000 })).toEqual({ limit: 20, offset: 0, total: 0, results: [] });
});
test("a pending token, overridden for one test", async () => {
  server.use(...createHandlers({ baseUrl: base, overrides: { getSftMetadata: { status: 422, body: { error: "Token metadata fetch in progress" } } } }));
  await expect(client.getSftMetadata({ principal: "${PRINCIPAL}", token_id: 35 })).rejects.toMatchObject({ kind: "metadata_pending" });
});
`,
      );
      const jestBin = join(ROOT, "node_modules/jest/bin/jest.js");
      const jest = await run(process.execPath, ["--experimental-vm-modules", jestBin, "--ci"], consumer);
      expect(jest.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
      expect(jest.code).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    `hiro-lookup/msw under jest in Node: setupServer, msw ${OLDEST_MSW}, the CommonJS build`,
    async () => {
      const dir = join(work, "consumer-jest");
      const [jest = "", ...args] = prepareJestConsumer(dir, join(consumer, "node_modules/hiro-lookup"), ROOT);
      const result = await run(process.execPath, [jest, ...args], dir);
      expect(jestResults(result.stdout), result.stderr).toEqual([
        [`runs msw ${OLDEST_MSW}`, "passed"],
        ["a token of the spec's examples", "passed"],
        ["a sat no example names: an empty page", "passed"],
        ["an override for one test: a 500", "passed"],
        ["the override is gone after resetHandlers", "passed"],
      ]);
      expect(result.code).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    "importing the main entry never loads msw",
    async () => {
      writeFileSync(
        join(consumer, "no-msw.mjs"),
        `import { createRequire } from "node:module";
await import("hiro-lookup");
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes("/msw/"));
console.log(JSON.stringify({ loaded }));
`,
      );
      const result = await ok(process.execPath, ["--trace-warnings", "no-msw.mjs"], consumer);
      expect(JSON.parse(result.stdout)).toEqual({ loaded: [] });
      const index = readFileSync(join(consumer, "node_modules/hiro-lookup/dist/index.js"), "utf8");
      expect(index).not.toMatch(/from ["']msw/);
    },
    TIMEOUT_MS,
  );
});

describe("a consumer of the tarball", () => {
  it(
    "imports it as ESM and looks up a satoshi's inscriptions",
    async () => {
      writeFileSync(
        join(consumer, "esm.mjs"),
        `import { createLookupClient, HiroApiError, validateResponses } from "hiro-lookup";
import { responseValidators } from "hiro-lookup/validators";
const client = createLookupClient({ baseUrl: process.argv[2], maxRetries: 0, middleware: [validateResponses(responseValidators)] });
const page = await client.getSatoshiInscriptions({ ordinal: ${ORDINAL}n, limit: 2 });
console.log(JSON.stringify({ total: page.total, ids: page.results.map((i) => i.id), error: typeof HiroApiError }));
`,
      );
      const result = await ok(process.execPath, ["esm.mjs", baseUrl], consumer);
      expect(JSON.parse(result.stdout)).toEqual({
        total: page.total,
        ids: page.results.map((i) => (i as { id: string }).id),
        error: "function",
      });
      expect(requests).toContain(`/ordinals/v1/sats/${ORDINAL}/inscriptions?limit=2`);
    },
    TIMEOUT_MS,
  );

  it(
    "requires it as CommonJS and looks up a satoshi's inscriptions",
    async () => {
      writeFileSync(
        join(consumer, "cjs.cjs"),
        `const { createLookupClient, HiroApiError, validateResponses } = require("hiro-lookup");
const { responseValidators } = require("hiro-lookup/validators");
const client = createLookupClient({ baseUrl: process.argv[2], maxRetries: 0, middleware: [validateResponses(responseValidators)] });
client.getSatoshiInscriptions({ ordinal: "${ORDINAL}", limit: 1 }).then((page) => {
  console.log(JSON.stringify({ total: page.total, error: typeof HiroApiError, cjs: typeof module.exports }));
}, (error) => { console.error(error); process.exitCode = 1; });
`,
      );
      const result = await ok(process.execPath, ["cjs.cjs", baseUrl], consumer);
      expect(JSON.parse(result.stdout)).toEqual({ total: page.total, error: "function", cjs: "object" });
    },
    TIMEOUT_MS,
  );

  it(
    "imports and requires hiro-lookup/server: the handler answers a lookup from upstream, then from its cache",
    async () => {
      writeFileSync(
        join(consumer, "server.mjs"),
        `import { createLookupHandler } from "hiro-lookup/server";
const required = (await import("node:module")).createRequire(import.meta.url)("hiro-lookup/server");
const results = [];
for (const create of [createLookupHandler, required.createLookupHandler]) {
  const handler = create({ upstream: { baseUrl: ${JSON.stringify(baseUrl)} } });
  const path = "/ordinals/v1/sats/${ORDINAL}/inscriptions";
  const first = await handler(new Request("http://gateway" + path));
  const again = await handler(new Request("http://gateway" + path));
  const missing = await handler(new Request("http://gateway/nowhere"));
  const kept = /^public, max-age=\\d+$/.test(again.headers.get("cache-control") ?? "");
  results.push([first.status, (await first.json()).total, kept, missing.status]);
}
console.log(JSON.stringify(results));
`,
      );
      const result = await ok(process.execPath, ["server.mjs"], consumer);
      const expected = [200, page.total, true, 404];
      expect(JSON.parse(result.stdout)).toEqual([expected, expected]);
    },
    TIMEOUT_MS,
  );

  it(
    "serve without its optional peers: --redis names what to install, /metrics says what it needs",
    async () => {
      const hiro = join(consumer, "node_modules/.bin/hiro-lookup");
      const redis = await run(
        hiro,
        ["--base-url", baseUrl, "serve", "--port", "0", "--redis", "redis://127.0.0.1:1"],
        consumer,
      );
      expect(redis.code).toBe(2);
      expect(redis.stderr).toContain("npm i redis@6");
      writeFileSync(
        join(consumer, "serve-metrics.mjs"),
        `import { spawn } from "node:child_process";
const child = spawn(${JSON.stringify(hiro)}, ["--base-url", ${JSON.stringify(baseUrl)}, "serve", "--port", "0"]);
let out = "";
child.stdout.on("data", async (data) => {
  out += data;
  const url = /listening on (http:[^;]+);/.exec(out)?.[1];
  if (!url || child.started) return;
  child.started = true;
  const answer = await fetch(url + "/metrics");
  const metrics = { status: answer.status, text: await answer.text() };
  child.kill("SIGTERM");
  child.once("exit", (code) => console.log(JSON.stringify({ line: out.trim(), metrics, code })));
});
`,
      );
      const result = JSON.parse((await ok(process.execPath, ["serve-metrics.mjs"], consumer)).stdout) as {
        line: string;
        metrics: { status: number; text: string };
        code: number;
      };
      expect(result.line).toContain("metrics: off (npm i prom-client@15)");
      expect(result.metrics.status).toBe(503);
      expect(result.metrics.text).toContain("npm i prom-client@15");
      expect(result.code).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    "runs its bin: a lookup and --help",
    async () => {
      const hiro = join(consumer, "node_modules/.bin/hiro-lookup");
      const lookup = await ok(hiro, ["--base-url", baseUrl, "--json", "sat-inscriptions", ORDINAL], consumer);
      expect(JSON.parse(lookup.stdout)).toMatchObject({ total: page.total });
      const help = await ok(hiro, ["--help"], consumer);
      expect(help.stdout).toContain("sat-inscriptions");
    },
    TIMEOUT_MS,
  );

  it(
    "npx hiro-lookup --mock and npx hiro-lookup mock in an app without Prism: the package's own spec, mocked",
    async () => {
      expect(existsSync(join(consumer, "node_modules/@stoplight/prism-cli"))).toBe(false);
      const mock = await run("npx", ["hiro-lookup", "--mock", "sft", PRINCIPAL, "35"], consumer);
      expect(mock.code, mock.stderr).toBe(0);
      expect(JSON.parse(mock.stdout)).toMatchObject({ metadata: { name: "key-alex-autoalex-v1 #35" } });
      // The standing mock, as an app developer runs it (its own process group, so the test can stop npx and all).
      const child = spawn("npx", ["hiro-lookup", "mock", "--port", "0"], {
        cwd: consumer,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      try {
        const url = await printedUrl(child);
        const sat = await fetch(`${url}/ordinals/v1/sats/5000000000/inscriptions?offset=20`);
        expect(await sat.json()).toEqual({ limit: 20, offset: 20, total: 0, results: [] });
        expect(sat.headers.get("ratelimit-limit")).toBe("3000");
      } finally {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
        await exited;
      }
    },
    TIMEOUT_MS,
  );

  it(
    "npx hiro-lookup mcp without the MCP SDK installed: exit 2 and the command that installs it",
    async () => {
      // The SDK is an optional peer dependency: installing the package does not bring it.
      const mcp = await run("npx", ["hiro-lookup", "--base-url", baseUrl, "mcp"], consumer);
      expect(mcp.code).toBe(2);
      expect(mcp.stdout).toBe("");
      expect(mcp.stderr).toContain(`npm install @modelcontextprotocol/server@${MCP_SDK_VERSION}`);
    },
    TIMEOUT_MS,
  );

  it(
    "hiro-lookup mcp with the SDK installed in the consumer: a tool answers over stdio",
    async () => {
      // A consumer of its own, as for Prism; the SDK linked from this repository's install (offline).
      const withSdk = join(work, "consumer-with-mcp-sdk");
      mkdirSync(withSdk);
      for (const file of ["package.json", "package-lock.json"]) {
        if (existsSync(join(consumer, file)))
          writeFileSync(join(withSdk, file), readFileSync(join(consumer, file)));
      }
      await ok("npm", ["ci", "--offline", "--no-fund", "--loglevel", "error"], withSdk).catch(() =>
        ok("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], withSdk),
      );
      const sdkDir = join(ROOT, "node_modules/@modelcontextprotocol/server");
      await ok("npm", ["i", "--offline", "--no-audit", "--no-fund", "-D", sdkDir], withSdk);
      const child = spawn(join(withSdk, "node_modules/.bin/hiro-lookup"), ["--base-url", baseUrl, "mcp"], {
        cwd: withSdk,
      });
      const frames: Record<string, unknown>[] = [];
      const answered = new Promise<void>((resolve) => {
        createInterface({ input: child.stdout }).on("line", (line) => {
          frames.push(JSON.parse(line) as Record<string, unknown>);
          if (frames.length === 2) resolve();
        });
      });
      const send = (frame: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...frame })}\n`);
      send({
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "consumer", version: "0" },
        },
      });
      send({ method: "notifications/initialized" });
      send({
        id: 2,
        method: "tools/call",
        params: { name: "get_satoshi_inscriptions", arguments: { ordinal: Number(ORDINAL) } },
      });
      await answered;
      const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
      child.stdin.end();
      expect(await closed).toBe(0);
      expect(frames[1]).toMatchObject({ id: 2, result: { structuredContent: { total: page.total } } });
      // hiro-lookup/mcp, the entry the CLI serves from, makes a ready server under import and require().
      const made = {
        "made.mjs": `import { createLookupClient } from "hiro-lookup";\nimport { createLookupMcpServer } from "hiro-lookup/mcp";\nconst server = await createLookupMcpServer({ client: createLookupClient() });\nconsole.log(typeof server.connect, typeof server.setRequestHandler);\n`,
        "made.cjs": `const { createLookupClient } = require("hiro-lookup");\nconst { createLookupMcpServer } = require("hiro-lookup/mcp");\ncreateLookupMcpServer({ client: createLookupClient() }).then((server) => console.log(typeof server.connect, typeof server.setRequestHandler));\n`,
      };
      for (const [file, source] of Object.entries(made)) {
        writeFileSync(join(withSdk, file), source);
        expect((await ok(process.execPath, [file], withSdk)).stdout.trim(), file).toBe("function function");
      }
    },
    TIMEOUT_MS,
  );

  const typesSource = (importLine: string) => `${importLine}

export function describeInscription(inscription: Inscription): string {
  return \`#\${inscription.number} \${inscription.id}\`;
}

export async function firstPage(baseUrl: string): Promise<string[]> {
  const client: LookupClient = createLookupClient({ baseUrl });
  try {
    const page: PaginatedInscriptions = await client.getSatoshiInscriptions({ ordinal: 1n, limit: 5 });
    return page.results.map(describeInscription);
  } catch (error) {
    if (error instanceof HiroApiError && error.is("not_found")) return [];
    const kind: HiroApiErrorKind | undefined = error instanceof HiroApiError ? error.kind : undefined;
    throw new Error(String(kind), { cause: error });
  }
}

export const check = responseValidators.getSatoshiInscriptions;

// The types are real, not \`any\`: each misuse below must be an error ("unused @ts-expect-error" otherwise).
// @ts-expect-error: an inscription number is a number
export const wrongType: string = ({} as Inscription).number;
// @ts-expect-error: not an error kind
export const wrongKind = (error: HiroApiError) => error.is("no_such_kind");
`;
  const namedImports = `import {
  createLookupClient,
  HiroApiError,
  type HiroApiErrorKind,
  type Inscription,
  type LookupClient,
  type PaginatedInscriptions,
} from "hiro-lookup";
import { responseValidators } from "hiro-lookup/validators";`;

  interface TypeCheck {
    resolution: string;
    compilerOptions: Record<string, string>;
    /** File name → source; the extension decides ESM (.mts, .ts) or CJS (.cts) under node16. */
    files: Record<string, string>;
  }
  const typeChecks: TypeCheck[] = [
    {
      resolution: "node16",
      compilerOptions: { module: "node16", moduleResolution: "node16" },
      // The same source as ESM (.mts: the "import" condition, index.d.ts) and as CJS (.cts: "require", index.d.cts).
      files: { "types-esm.mts": namedImports, "types-cjs.cts": namedImports },
    },
    {
      resolution: "bundler",
      compilerOptions: { module: "esnext", moduleResolution: "bundler" },
      files: { "types-bundler.ts": namedImports },
    },
  ];

  /**
   * Both consumer projects, type-checked by one `tsc --build` (one TypeScript start, and a single process
   * for both: ~1.5 s of CPU less than a `tsc -p` each). Each error line names its project's folder.
   */
  let typeBuild: Promise<Run> | undefined;
  const buildTypeChecks = () => {
    typeBuild ??= (async () => {
      for (const { resolution, compilerOptions, files } of typeChecks) {
        const dir = join(consumer, `types-${resolution}`);
        mkdirSync(dir, { recursive: true });
        for (const [name, importLine] of Object.entries(files))
          writeFileSync(join(dir, name), typesSource(importLine));
        writeFileSync(
          join(dir, "tsconfig.json"),
          JSON.stringify({
            compilerOptions: {
              ...compilerOptions,
              target: "es2022",
              lib: ["es2022", "dom"],
              types: [],
              strict: true,
              exactOptionalPropertyTypes: true,
              noEmit: true,
              // Check the package's own declaration files too, not only their use; TypeScript's own lib
              // files (es2022, dom) are not under test (checking them was 60% of each run's time).
              skipLibCheck: false,
              skipDefaultLibCheck: true,
            },
            include: Object.keys(files),
          }),
        );
      }
      const references = typeChecks.map(({ resolution }) => ({ path: `types-${resolution}` }));
      writeFileSync(join(consumer, "tsconfig.types.json"), JSON.stringify({ files: [], references }));
      const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
      return run(process.execPath, [tsc, "--build", "tsconfig.types.json"], consumer);
    })();
    return typeBuild;
  };

  it.concurrent.for(typeChecks)(
    "typechecks with named types under moduleResolution $resolution",
    { timeout: TIMEOUT_MS },
    async ({ resolution }, { expect }) => {
      const result = await buildTypeChecks();
      const output = `${result.stdout}${result.stderr}`;
      const lines = output.split("\n").filter((line) => line.trim() !== "");
      // Its own project has no error, and nothing failed outside the two projects (the build itself).
      expect(lines.filter((line) => line.startsWith(`types-${resolution}/`))).toEqual([]);
      expect(
        lines.filter((line) => !/^types-[a-z0-9]+\//.test(line) && !/^ /.test(line)),
        output,
      ).toEqual([]);
      if (result.code !== 0)
        expect(
          lines.some((line) => line.startsWith("types-")),
          output,
        ).toBe(true);
    },
  );
});

describe("every entry, under import and under require()", () => {
  it("checks every subpath of the exports map (a new entry gets its check in entry-checks.ts)", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(Object.keys(manifest.exports).filter((subpath) => subpath !== "./package.json")).toEqual(
      CHECKED_ENTRIES,
    );
  });

  it.for<ModuleSystem>(["import", "require"])(
    "under %s: one copy of each class across the entries (the doctor, spec, query and msw read the client's errors)",
    { timeout: TIMEOUT_MS },
    async (system, { expect }) => {
      linkDevDependencies(["msw", "@tanstack/query-core"]);
      const { file, source } = entryChecksScript(system);
      writeFileSync(join(consumer, file), source);
      const result = await ok(process.execPath, [file], consumer);
      expect(JSON.parse(result.stdout)).toEqual(EXPECTED);
    },
  );
});
