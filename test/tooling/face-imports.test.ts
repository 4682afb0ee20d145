/**
 * The faces reach the core through its front doors only (issue 43): the gateway (src/server/), the
 * TanStack helpers (src/query/), the doctor (src/doctor/), the MCP server (src/mcp/), the msw kit
 * (src/msw/) and the command line (src/cli/) import, outside their own folder, only the package's
 * public entries (package.json's `exports`, scripts/lib/package-entries.ts), src/shared/, the one
 * internal face (src/internal.ts, not an entry), and the entries the command line loads (the MCP
 * server's src/mcp/index.ts, the standing mock's src/mock-server/index.ts). And the core's folders
 * import each other without a loop (`spec/` is the ground floor, its public entry on top).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../../scripts/lib/package-entries.js";
import { ROOT } from "../helpers/spec.js";

const FACES = ["server", "query", "doctor", "mcp", "msw", "cli"] as const;

/** What a face may import outside its own folder, as paths under the root. */
const FRONT_DOORS = new Set<string>([
  ...Object.values(ENTRIES),
  "src/internal.ts",
  "src/mcp/index.ts",
  "src/mock-server/index.ts",
]);

/** Every .ts file under `dir` (a path under the root). */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** What `file` imports by a relative specifier (static, dynamic, `export … from`, types included), as paths under the root. */
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

/** The folder of `file` under src/ (`src/lookups/client.ts` → `lookups`), or `.` for a file directly in src/. */
const folderOf = (file: string) => {
  const parts = relative("src", file).split("/");
  return parts.length === 1 ? "." : (parts[0] ?? ".");
};

describe("the faces' imports", () => {
  it("the check sees an import of the core (the gateway imports src/internal.ts)", () => {
    expect(filesUnder("src/server").some((file) => importsOf(file).includes("src/internal.ts"))).toBe(true);
  });

  for (const face of FACES) {
    it(`src/${face}/ reaches the core through the public entries, src/shared/ and src/internal.ts only`, () => {
      const outside = filesUnder(`src/${face}`).flatMap((file) =>
        importsOf(file)
          .filter((target) => !target.startsWith(`src/${face}/`))
          .filter((target) => !target.startsWith("src/shared/") && !FRONT_DOORS.has(target))
          .map((target) => `${file} → ${target}`),
      );
      expect(outside).toEqual([]);
    });
  }
});

describe("the core's folders", () => {
  it("import each other without a loop (a folder never imports one that imports it back)", () => {
    const faces = new Set<string>(FACES);
    const graph = new Map<string, Set<string>>();
    for (const file of filesUnder("src")) {
      const from = folderOf(file);
      if (faces.has(from) || from === ".") continue;
      for (const target of importsOf(file)) {
        const to = folderOf(target);
        if (to === from || to === "." || faces.has(to)) continue;
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    const loops: string[] = [];
    const reach = (start: string, at: string, path: string[], seen: Set<string>) => {
      for (const next of graph.get(at) ?? []) {
        if (next === start) loops.push([...path, next].join(" → "));
        else if (!seen.has(next)) {
          seen.add(next);
          reach(start, next, [...path, next], seen);
        }
      }
    };
    for (const folder of graph.keys()) reach(folder, folder, [folder], new Set());
    expect(graph.size).toBeGreaterThan(5);
    expect(loops).toEqual([]);
  });
});
