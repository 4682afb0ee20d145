/**
 * Extras never reach into the transport (issue 17): the opt-in features (src/features/) are built on
 * the lookups, the errors and the spec, never on what runs below the middleware (src/transport/), nor on
 * the lookup internals (src/lookups/lookup.ts), so the transport can change without them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const SRC = join(ROOT, "src");
const FEATURES = join(SRC, "features");

/** The files a module imports (relative specifiers only, types included), as paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^(?:import|export)[^;]*?from "(\.{1,2}\/[^"]+)\.js";/gms)].map((m) =>
    relative(SRC, resolve(dirname(file), `${m[1]}.ts`)),
  );
}

describe("the features' imports", () => {
  it("reach neither src/transport/ nor src/lookups/lookup.ts", () => {
    const files = readdirSync(FEATURES).filter((name) => name.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(3);
    const reaching = files.flatMap((name) =>
      importsOf(join(FEATURES, name))
        .filter((target) => target.startsWith("transport/") || target === "lookups/lookup.ts")
        .map((target) => `features/${name} → ${target}`),
    );
    expect(reaching).toEqual([]);
  });
});
