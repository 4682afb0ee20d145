/**
 * Each wing imports downward only: scripts/lib/ is below the entry scripts (it imports none of the files
 * directly in scripts/), bench/ and scripts/ import nothing from test/ (shared helpers live in
 * scripts/lib/), the MCP server (src/mcp/) sits above the library and below the CLI, the msw kit (src/msw/)
 * is built on the spec, the mock and the checked options, never on the client's transport, and nothing the
 * CLI loads reaches Prism (the mock it serves needs none); the gateway (src/server/) stays web-standard, its
 * Node parts in the CLI.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

/** Every .ts/.mts/.mjs file under `dir`, as paths under the root. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === "node_modules" ? [] : filesUnder(path);
    return /\.(ts|mts|mjs)$/.test(name) && !name.endsWith(".d.mts") ? [path] : [];
  });
}

/** What `file` imports by a relative specifier (static, dynamic and `export … from`), as paths under the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gms),
    ...text.matchAll(/\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g),
  ].map((match) => match[1] ?? "");
  return specifiers.map((specifier) =>
    relative(ROOT, resolve(dirname(join(ROOT, file)), specifier)).replace(/\.js$/, ".ts"),
  );
}

const edges = (dir: string, bad: (target: string) => boolean) =>
  filesUnder(dir).flatMap((file) =>
    importsOf(file)
      .filter(bad)
      .map((target) => `${file} → ${target}`),
  );

describe("imports go downward", () => {
  it("the helper's own check sees an import (scripts/start.ts imports scripts/lib/)", () => {
    expect(importsOf("scripts/start.ts").some((target) => target.startsWith("scripts/lib/"))).toBe(true);
  });

  it("scripts/lib/ imports no entry script (a file directly in scripts/)", () => {
    expect(edges("scripts/lib", (target) => dirname(target) === "scripts")).toEqual([]);
  });

  it("bench/ imports nothing from test/", () => {
    expect(edges("bench", (target) => target.startsWith("test/"))).toEqual([]);
  });

  it("scripts/ imports nothing from test/ (the runtime checks' data is scripts/lib/runtime-data.ts)", () => {
    expect(edges("scripts", (target) => target.startsWith("test/"))).toEqual([]);
  });

  it("src/mcp/ imports nothing from src/cli/, and only src/cli/ imports src/mcp/ (the library never does)", () => {
    expect(edges("src/mcp", (target) => target.startsWith("src/cli/"))).toEqual([]);
    const intoMcp = filesUnder("src")
      .filter((file) => !file.startsWith("src/mcp/") && !file.startsWith("src/cli/"))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith("src/mcp/"))
          .map((target) => `${file} → ${target}`),
      );
    expect(intoMcp).toEqual([]);
  });

  it("the MCP SDK (an optional peer) is loaded at run time by src/mcp/sdk.ts alone; elsewhere only its types", () => {
    const sdk =
      /^import\s(?!type\s)[^;]*?from\s+"@modelcontextprotocol\/|\bimport\(\s*"@modelcontextprotocol\//m;
    const loaders = filesUnder("src").filter((file) => sdk.test(readFileSync(join(ROOT, file), "utf8")));
    expect(loaders).toEqual(["src/mcp/sdk.ts"]);
  });

  it("nothing the CLI loads reaches Prism's launcher, the front or the dev loop's mock", () => {
    const reached = new Set<string>();
    const walk = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const target of importsOf(file))
        if (target.startsWith("src/") && existsSync(join(ROOT, target))) walk(target); // api.d.ts: types only
    };
    walk("src/cli/main.ts");
    expect(reached.has("src/mock-server/rules-server.ts")).toBe(true); // the walk sees the CLI's mock
    const prism = ["src/mock-server/prism.ts", "src/mock-server/front.ts", "src/mock-server/mock.ts"];
    expect([...reached].filter((file) => prism.includes(file))).toEqual([]);
  });

  it("src/server/ (the gateway, web-standard) imports nothing from the CLI or Node's adapter, and no Redis client", () => {
    expect(edges("src/server", (target) => target.startsWith("src/cli/"))).toEqual([]);
    const named = filesUnder("src/server").filter((file) =>
      /from "(redis|prom-client|node:[a-z_]+)"|import\("(redis|prom-client)"\)/.test(
        readFileSync(join(ROOT, file), "utf8"),
      ),
    );
    expect(named).toEqual([]);
  });

  it("src/ imports nothing from scripts/, bench/ or test/", () => {
    const outside = (target: string) => ["scripts/", "bench/", "test/"].some((dir) => target.startsWith(dir));
    expect(edges("src", outside)).toEqual([]);
  });

  it("src/shared/ (the defaults and helpers every layer reads) imports nothing of the library", () => {
    expect(edges("src/shared", (target) => !target.startsWith("src/shared/"))).toEqual([]);
  });

  it("src/msw/ imports nothing from src/transport/", () => {
    expect(edges("src/msw", (target) => target.startsWith("src/transport/"))).toEqual([]);
  });
});
