/**
 * The TypeScript the documentation shows, as written: the README's ```ts blocks and the spec's
 * `x-codeSamples` labelled `hiro-lookup`. The types tier typechecks them in its one `tsc` run over the
 * project: its global setup (the default export) writes them under .tmp/doc-examples/, which
 * test/types/tsconfig.json includes, so an example that no longer compiles fails `npm test` with its file
 * named (`readme-1.ts`, `sample-getSftMetadata.ts`). The e2e and contract tiers run them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSpec, ROOT } from "./spec.js";

/** Where the types tier's setup writes the examples; under the project, so `hiro-lookup` resolves to src/. */
export const DOC_EXAMPLES_DIR = join(ROOT, ".tmp/doc-examples");

/** Every ```ts block of the README, in order. */
export function readmeExamples(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? "");
}

/** One `x-codeSamples` entry of an operation. */
export interface CodeSample {
  operationId: string;
  label: string;
  source: string;
}

/** Every `x-codeSamples` entry of the spec's operations, in path order. */
export function codeSamples(): CodeSample[] {
  const out: CodeSample[] = [];
  for (const item of Object.values(loadSpec().paths)) {
    const operation = item.get;
    const list = operation?.["x-codeSamples"] as Array<{ label: string; source: string }> | undefined;
    for (const { label, source } of list ?? [])
      out.push({ operationId: operation?.operationId ?? "", label, source });
  }
  return out;
}

/** The file name each TypeScript example gets, and its source as the documentation shows it. */
export function docExampleFiles(): Array<{ name: string; source: string }> {
  return [
    ...readmeExamples().map((source, i) => ({ name: `readme-${i}.ts`, source })),
    ...codeSamples()
      .filter((sample) => sample.label === "hiro-lookup")
      .map((sample) => ({ name: `sample-${sample.operationId}.ts`, source: sample.source })),
  ];
}

/** Vitest global setup of the types tier: the examples, fresh, where its tsconfig looks for them. */
export default function setup(): void {
  rmSync(DOC_EXAMPLES_DIR, { recursive: true, force: true });
  mkdirSync(DOC_EXAMPLES_DIR, { recursive: true });
  for (const { name, source } of docExampleFiles()) writeFileSync(join(DOC_EXAMPLES_DIR, name), source);
}
