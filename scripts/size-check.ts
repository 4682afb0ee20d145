/**
 * The browser-safety half of `npm run size` (the sizes are size-limit's: .size-limit.js). Bundles the whole
 * main entry for the browser (esbuild, `platform: "browser"`, openapi-fetch bundled in) and checks that every
 * app can run it: no Node built-in is imported, no `Buffer`, and no `process.` outside a `typeof process`
 * guard (openapi-fetch feature-detects Node that way); then runs the bundle in a `node:vm` context that has
 * the web globals but no `process`, `Buffer` or `require`, and makes one lookup through an injected fetch.
 * Exits 1 when it is not browser-safe. test/tooling/size.test.ts runs the same checks.
 */
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { createContext, runInContext } from "node:vm";
import { build, type Plugin } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The entry checked: everything `hiro-lookup` exports, so any app's subset is covered. */
export const SAFETY_ENTRY = "src/index.ts";

export interface BrowserSafety {
  /** Node built-ins imported anywhere in the bundle's graph (`node:fs`, `fs`, …), with the importer. */
  nodeImports: string[];
  /** `process.` uses that are not behind a `typeof process` guard, with context. */
  unguardedProcess: string[];
  /** `process.` uses behind a `typeof process` guard (allowed), with context. */
  guardedProcess: string[];
  /** `Buffer` references, with context. */
  buffer: string[];
  /** Error thrown when running the bundle without Node globals, or undefined when it ran. */
  sandboxError: string | undefined;
  /** The minified ESM bundle that was scanned. */
  code: string;
  ok: boolean;
}

const NODE_BUILTINS = new Set(builtinModules);
const isNodeBuiltin = (path: string): boolean =>
  path.startsWith("node:") || NODE_BUILTINS.has(path.split("/")[0] ?? path);

/** Keeps Node built-ins out of the bundle (external) and records who imports them. */
function recordNodeImports(found: string[]): Plugin {
  return {
    name: "record-node-imports",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point" || !isNodeBuiltin(args.path)) return undefined;
        found.push(`${args.path} (imported by ${args.importer.replace(ROOT, "")})`);
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Bundles `entry` (a path from the project root, or `{ contents }` of a virtual module resolved from
 * the root) for the browser, minified; Node built-ins are left external and listed in `nodeImports`.
 */
export async function bundleForBrowser(
  entry: string | { contents: string },
  format: "esm" | "iife" = "esm",
  external: string[] = [],
): Promise<{ code: string; nodeImports: string[] }> {
  const nodeImports: string[] = [];
  const result = await build({
    absWorkingDir: ROOT,
    ...(typeof entry === "string"
      ? { entryPoints: [entry] }
      : {
          stdin: {
            contents: entry.contents,
            resolveDir: ROOT,
            loader: "ts" as const,
            sourcefile: "virtual.ts",
          },
        }),
    bundle: true,
    format,
    ...(format === "iife" ? { globalName: "hiroLookup" } : {}),
    minify: true,
    platform: "browser",
    target: "es2022",
    write: false,
    outfile: "out.js",
    legalComments: "none",
    logLevel: "silent",
    external,
    plugins: [recordNodeImports(nodeImports)],
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  return { code: file.text, nodeImports };
}

const around = (code: string, index: number): string =>
  `…${code.slice(Math.max(0, index - 40), index + 30).replace(/\s+/g, " ")}…`;

/** Static checks of a bundle's text for Node-only globals. */
export function scanForNodeGlobals(
  code: string,
): Pick<BrowserSafety, "unguardedProcess" | "guardedProcess" | "buffer"> {
  const unguardedProcess: string[] = [];
  const guardedProcess: string[] = [];
  for (const match of code.matchAll(/\bprocess\s*(\?\.|\.|\[)/g)) {
    // The same expression (up to the previous statement end) tests `typeof process` first.
    const statementStart = Math.max(
      0,
      code.lastIndexOf(";", match.index),
      code.lastIndexOf("{", match.index),
    );
    const guarded = /typeof process\s*[!=]==?\s*["']/.test(code.slice(statementStart, match.index));
    (guarded ? guardedProcess : unguardedProcess).push(around(code, match.index));
  }
  const buffer = [...code.matchAll(/\bBuffer\b/g)].map((m) => around(code, m.index));
  return { unguardedProcess, guardedProcess, buffer };
}

/**
 * Runs the IIFE bundle in a fresh `vm` context with only web globals (no `process`, `Buffer`,
 * `require`, `global`), creates a client with an injected fetch and makes one lookup.
 */
export async function runWithoutNodeGlobals(iife: string): Promise<string | undefined> {
  const body = JSON.stringify({ token_uri: "https://example.com/t.json", decimals: 6, total_supply: "200" });
  const sandbox = {
    fetch: async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } }),
    Request,
    Response,
    Headers,
    URL,
    URLSearchParams,
    AbortController,
    AbortSignal,
    DOMException,
    Event,
    EventTarget,
    TextEncoder,
    TextDecoder,
    FormData,
    Blob,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    console,
  };
  const context = createContext(sandbox);
  try {
    runInContext(`${iife}\nglobalThis.hiroLookup = hiroLookup;`, context, { filename: "bundle.iife.js" });
    const lib = (context as { hiroLookup?: Record<string, unknown> }).hiroLookup;
    const create = lib?.createLookupClient as
      | ((o: object) => { getSftMetadata(p: object): Promise<{ total_supply?: string }> })
      | undefined;
    if (!create) return "the bundle does not export createLookupClient";
    const client = create({ baseUrl: "https://example.com" });
    const token = await client.getSftMetadata({
      principal: "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
      token_id: 35,
    });
    return token.total_supply === "200" ? undefined : `unexpected answer ${JSON.stringify(token)}`;
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
}

/** Bundles `entry` for the browser and runs every check on it. */
export async function checkBrowserSafety(entry: string = SAFETY_ENTRY): Promise<BrowserSafety> {
  const { code, nodeImports } = await bundleForBrowser(entry);
  const scan = scanForNodeGlobals(code);
  const sandboxError = await runWithoutNodeGlobals((await bundleForBrowser(entry, "iife")).code);
  const ok =
    nodeImports.length === 0 &&
    scan.unguardedProcess.length === 0 &&
    scan.buffer.length === 0 &&
    sandboxError === undefined;
  return { nodeImports, ...scan, sandboxError, code, ok };
}

/** A printable summary. */
export function formatSafety(s: BrowserSafety, entry: string = SAFETY_ENTRY): string {
  return [
    `browser-safe (${entry}, ${s.code.length} B minified): ${s.ok ? "yes" : "NO"}`,
    `  Node built-in imports: ${s.nodeImports.length === 0 ? "none" : s.nodeImports.join(", ")}`,
    `  Buffer: ${s.buffer.length === 0 ? "none" : s.buffer.join(" | ")}`,
    `  process.: ${s.unguardedProcess.length} unguarded${s.unguardedProcess.length ? ` (${s.unguardedProcess.join(" | ")})` : ""}, ` +
      `${s.guardedProcess.length} behind typeof process${s.guardedProcess.length ? ` (${s.guardedProcess.join(" | ")})` : ""}`,
    `  run without process/Buffer/require: ${s.sandboxError ?? "ok, one lookup made"}`,
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const safety = await checkBrowserSafety();
  console.log(formatSafety(safety));
  if (!safety.ok) {
    console.error("browser-safety check failed");
    process.exit(1);
  }
}
