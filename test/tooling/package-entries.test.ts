/**
 * The package's entries as the build table lists them (scripts/lib/package-entries.ts, read by tsup.config.ts)
 * and as package.json publishes them: each entry has its `exports` block (the source condition, ESM and
 * CommonJS with their own types) and, but for the main entry, its `typesVersions` line for node10
 * resolution; nothing is published that is not built.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRIES, subpathOf } from "../../scripts/lib/package-entries.js";
import { ROOT } from "../helpers/spec.js";

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, unknown>;
  typesVersions: { "*": Record<string, string[]> };
  main: string;
  module: string;
  types: string;
};

describe("the package's entries", () => {
  it.each(Object.entries(ENTRIES))("%s (%s) has its exports block", (name, source) => {
    expect(manifest.exports[subpathOf(name)]).toEqual({
      "hiro-lookup-source": `./${source}`,
      import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
      require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
    });
  });

  it("publishes the built entries and package.json, nothing else", () => {
    expect(Object.keys(manifest.exports).sort()).toEqual(
      [...Object.keys(ENTRIES).map(subpathOf), "./package.json"].sort(),
    );
  });

  it("gives node10 resolution each subpath's CommonJS types, and the main entry's fields", () => {
    const subpaths = Object.keys(ENTRIES).filter((name) => name !== "index");
    expect(manifest.typesVersions["*"]).toEqual(
      Object.fromEntries(subpaths.map((name) => [name, [`./dist/${name}.d.cts`]])),
    );
    expect([manifest.main, manifest.module, manifest.types]).toEqual([
      "./dist/index.cjs",
      "./dist/index.js",
      "./dist/index.d.ts",
    ]);
  });
});
