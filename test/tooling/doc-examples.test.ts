/**
 * The documentation's TypeScript examples reach the types tier's tsc run: its setup writes them where its
 * tsconfig looks (test/helpers/doc-examples.ts). A broken example then fails `npm test`, naming its file.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DOC_EXAMPLES_DIR, docExampleFiles } from "../helpers/doc-examples.js";
import { ROOT } from "../helpers/spec.js";

describe("the documentation's TypeScript examples in the types tier", () => {
  it("are the README's three and a sample per operation, each in a file of its own", () => {
    expect(docExampleFiles().map(({ name }) => name)).toEqual([
      "readme-0.ts",
      "readme-1.ts",
      "readme-2.ts",
      "sample-getSftMetadata.ts",
      "sample-getSatoshiInscriptions.ts",
      "sample-getTransactionActivity.ts",
      "sample-searchTokens.ts",
      "sample-getApiStatus.ts",
      "sample-getFungibleTokens.ts",
      "sample-getFtMetadata.ts",
      "sample-getNftMetadata.ts",
    ]);
    for (const { name, source } of docExampleFiles()) expect(source, name).toMatch(/from "hiro-lookup"/);
  });

  it("are written where the types tier's tsconfig includes them, by its global setup", () => {
    const tsconfig = readFileSync(join(ROOT, "test/types/tsconfig.json"), "utf8");
    expect(tsconfig).toContain(`"${relative(join(ROOT, "test/types"), DOC_EXAMPLES_DIR)}"`);
    expect(tsconfig).toContain('"extends": "../../tsconfig.json"');
    const config = readFileSync(join(ROOT, "vitest.config.ts"), "utf8");
    expect(config).toContain('globalSetup: ["test/helpers/doc-examples.ts"]');
    // The tier's one tsc (a process test) checks the project through that tsconfig.
    const typecheck = readFileSync(join(ROOT, "test/types/typecheck.test.ts"), "utf8");
    expect(typecheck).toContain('"-p", join(ROOT, "test/types/tsconfig.json")');
  });
});
