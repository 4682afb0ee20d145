/**
 * Static guards of the client's typing rules, over the hand-written sources (src/ outside src/generated/):
 * one openapi-fetch instance per lookup client, made by the one `createClient(` call of src/lookups/
 * (`raw` is it; the lookups go through it), and no `as unknown as` anywhere.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

/** Every .ts file under `dir` (a path under the root), src/generated/ left out, as paths under the root. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory())
      return path === join("src", "generated") ? [] : sourcesUnder(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** Where `pattern` occurs in the hand-written sources under `dir`, as `file: line`. */
function occurrences(dir: string, pattern: RegExp): string[] {
  return sourcesUnder(dir).flatMap((file) =>
    read(file)
      .split("\n")
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe("one openapi-fetch instance per lookup client", () => {
  it("src/lookups/ has one createClient( call, in client.ts", () => {
    expect(occurrences(join("src", "lookups"), /\bcreateClient\s*(<[^>]*>)?\s*\(/)).toEqual([
      expect.stringMatching(/^src\/lookups\/client\.ts:\d+: const client = createClient<RawPaths>\(\{$/),
    ]);
  });

  it("nothing else in src/ imports openapi-fetch's createClient (its default export)", () => {
    expect(occurrences("src", /^import createClient\b.*from "openapi-fetch"/)).toEqual([
      expect.stringMatching(/^src\/lookups\/client\.ts:/),
    ]);
  });
});

describe("no double cast", () => {
  it("no 'as unknown as' in the hand-written sources", () => {
    expect(occurrences("src", /\bas unknown as\b/)).toEqual([]);
  });
});
