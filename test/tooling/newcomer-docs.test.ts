/**
 * What a newcomer reads first says what they need (issue 47): the README names the variables that move
 * the docs' and the mock's ports (they were only in CONTRIBUTING), and CONTRIBUTING's "Entries of the
 * package" lists every entry of `ENTRIES` (it left out `./server`, and used it as the example of a new one).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRIES, subpathOf } from "../../scripts/lib/package-entries.js";
import { ROOT } from "../helpers/spec.js";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

describe("the newcomer's docs", () => {
  it("the README names HIRO_MOCK_PORT and HIRO_DOCS_PORT", () => {
    const readme = read("README.md");
    expect(readme).toContain("HIRO_MOCK_PORT");
    expect(readme).toContain("HIRO_DOCS_PORT");
  });

  it("CONTRIBUTING's entries are ENTRIES, and its example of a new entry is none of them", () => {
    const contributing = read("CONTRIBUTING.md");
    const section = /## Entries of the package\n([\s\S]*?)\n## /.exec(contributing)?.[1] ?? "";
    const [listed = "", example = ""] = section.split("A new entry");
    for (const name of Object.keys(ENTRIES).filter((name) => name !== "index"))
      expect(listed, subpathOf(name)).toMatch(new RegExp(`\`(hiro-lookup)?/${name}\``));
    const named = /say `hiro-lookup\/([\w-]+)`/.exec(example)?.[1];
    expect(named).toBeDefined();
    expect(Object.keys(ENTRIES)).not.toContain(named);
  });
});
