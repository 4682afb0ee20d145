/**
 * The CLI uses the library through its public entries (src/index.ts, src/validators.ts,
 * src/doctor/index.ts, src/spec-entry.ts, src/server/index.ts; the MCP server's src/mcp/index.ts), the
 * mock it serves through src/mock-server/index.ts (Node only, never Prism), and, as every face of the
 * package, the core's one internal face (src/internal.ts: `verify` sends its deliberately bad requests as
 * prepared calls, exchanged by the core); its modules import each other without a circle.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const SRC = join(ROOT, "src");
const CLI = join(SRC, "cli");
/** What the CLI may import outside src/cli/. */
const ALLOWED = [
  "index.ts",
  "validators.ts",
  "doctor/index.ts",
  "spec-entry.ts",
  "mcp/index.ts",
  "server/index.ts",
  "mock-server/index.ts",
  "internal.ts",
];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );

/** The files a module imports (relative specifiers only), as absolute .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)[^;]*?from "(\.{1,2}\/[^"]+)\.js";/gms)].map((m) =>
    resolve(dirname(file), `${m[1]}.ts`),
  );
}

describe("the CLI's imports", () => {
  const cliFiles = filesUnder(CLI);

  it("reach the library only through its public entries and its internal face", () => {
    const outside = cliFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => !target.startsWith(`${CLI}/`))
        .map((target) => relative(SRC, target))
        .filter((target) => !ALLOWED.includes(target))
        .map((target) => `${relative(SRC, file)} → ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it("form no circle", () => {
    const circles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const walk = (file: string, path: string[]) => {
      if (state.get(file) === "done" || !file.startsWith(`${CLI}/`)) return;
      if (state.get(file) === "open") {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(" → "));
        return;
      }
      state.set(file, "open");
      for (const target of importsOf(file)) walk(target, [...path, file]);
      state.set(file, "done");
    };
    for (const file of cliFiles) walk(file, []);
    expect(circles).toEqual([]);
  });
});
