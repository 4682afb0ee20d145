/**
 * The documentation's TypeScript examples reach the types tier's tsc run and `npm run typecheck` (so `npm
 * run check`): both write them where tsconfig.check.json looks (scripts/lib/doc-examples.ts). A broken
 * example then fails either, naming its file.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  compiledSource,
  DOC_EXAMPLES_DIR,
  docExampleFiles,
  guideExamples,
  readmeExamples,
} from "../../scripts/lib/doc-examples.js";
import { ROOT } from "../helpers/spec.js";

describe("the documentation's TypeScript examples in the types tier", () => {
  it("are the README's, the guide's and a sample per operation, each in a file of its own", () => {
    const names = docExampleFiles().map(({ name }) => name);
    expect(names.filter((name) => name.startsWith("readme-"))).toEqual(
      readmeExamples().map((_, i) => `readme-${i}.ts`),
    );
    expect(names.filter((name) => name.startsWith("guide-"))).toEqual(
      guideExamples().map(({ lang }, i) => `guide-${i}.${lang}`),
    );
    expect(names).toContain("guide-3.tsx"); // the TanStack Query (React) example
    expect(names.filter((name) => name.startsWith("sample-"))).toEqual([
      "sample-getSftMetadata.ts",
      "sample-getSatoshiInscriptions.ts",
      "sample-getTransactionActivity.ts",
      "sample-searchTokens.ts",
      "sample-getApiStatus.ts",
      "sample-getFungibleTokens.ts",
      "sample-getFtMetadata.ts",
      "sample-getNftMetadata.ts",
    ]);
    for (const { name, source } of docExampleFiles())
      if (!name.startsWith("guide-")) expect(source, name).toMatch(/from "hiro-lookup"/);
  });

  it("are written where the types tier's tsconfig includes them, by its global setup", () => {
    const tsconfig = readFileSync(join(ROOT, "tsconfig.check.json"), "utf8");
    expect(tsconfig).toContain(`"${relative(ROOT, DOC_EXAMPLES_DIR)}"`);
    expect(tsconfig).toContain('"extends": "./tsconfig.json"');
    const config = readFileSync(join(ROOT, "vitest.config.ts"), "utf8");
    expect(config).toContain('globalSetup: ["test/helpers/doc-examples.ts"]');
    // The tier's one tsc (a process test) checks the project through that tsconfig.
    const typecheck = readFileSync(join(ROOT, "test/types/typecheck.test.ts"), "utf8");
    expect(typecheck).toContain('"-p", join(ROOT, "tsconfig.check.json")');
    // And `npm run typecheck` writes them, then compiles the same tsconfig.
    const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts as Record<
      string,
      string
    >;
    expect(scripts.typecheck).toBe("tsx scripts/lib/doc-examples.ts && tsc --noEmit -p tsconfig.check.json");
  });

  it("a guide fragment gets the names it uses from given.ts, unless it declares them itself", () => {
    const fragment = compiledSource("const page = await client.getSatoshiInscriptions({ ordinal });\n");
    expect(fragment).toMatch(/^import \{ client, ordinal \} from "\.\/given\.js";\n/);
    expect(fragment).toMatch(/export \{\};\n$/);
    const own = compiledSource(
      'import { createLookupClient } from "hiro-lookup";\nconst client = createLookupClient();\nclient;\n',
    );
    expect(own).not.toContain("given.js");
    const destructured = compiledSource("const { client, principal } = setup();\nclient; principal;\n");
    expect(destructured).not.toContain("given.js");
  });
});
