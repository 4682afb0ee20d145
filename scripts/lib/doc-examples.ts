/**
 * The TypeScript the documentation shows, as written: the README's ```ts blocks, the guide's ```ts and
 * ```tsx blocks, and the spec's `x-codeSamples` labelled `hiro-lookup`. `npm run typecheck` (so `npm run
 * check`) and `npm test`'s types tier write them under .tmp/doc-examples/, which tsconfig.check.json
 * includes, and compile them with the project: an example a change breaks fails with its file named
 * (`readme-1.ts`, `guide-4.ts`, `sample-getSftMetadata.ts`).
 *
 * Some of the guide's blocks are fragments that use a `client`, a `principal`… made in an earlier block.
 * Each such name the block uses without declaring is imported from `given.ts`, which declares them with
 * the types the guide means; a name the block declares itself stays its own.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Where the examples are written; under the project, so `hiro-lookup` resolves to src/. */
export const DOC_EXAMPLES_DIR = join(ROOT, ".tmp/doc-examples");

/** The names the guide's fragments may use without declaring them, and what each is. */
const GIVEN = `import type { AsyncLocalStorage } from "node:async_hooks";
import type { Context } from "@opentelemetry/api";
import type { LookupClient, Logger } from "hiro-lookup";
export declare const client: LookupClient;
export declare const principal: string;
export declare const token_id: bigint;
export declare const ordinal: bigint;
export declare const tx_id: string;
export declare const pinoLogger: Logger;
export declare function show(value: unknown): void;
export declare function scheduleRetry(afterMs: number): void;
export declare const contextStore: AsyncLocalStorage<Context>;
`;
const GIVEN_NAMES = [...GIVEN.matchAll(/export declare (?:const|function) (\w+)/g)].map((m) => m[1] ?? "");

/** Every ```ts block of the README, in order. */
export function readmeExamples(): string[] {
  return fencedBlocks(readFileSync(join(ROOT, "README.md"), "utf8"), "ts");
}

/** Every ```ts and ```tsx block of the guide, in order, with the language of each. */
export function guideExamples(): Array<{ lang: "ts" | "tsx"; source: string }> {
  const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
  return [...guide.matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map((match) => ({
    lang: match[1] === "tsx" ? "tsx" : "ts",
    source: match[2] ?? "",
  }));
}

/** One `x-codeSamples` entry of an operation. */
export interface CodeSample {
  operationId: string;
  label: string;
  source: string;
}

/** Every `x-codeSamples` entry of the spec's operations, in path order. */
export function codeSamples(): CodeSample[] {
  const spec = parse(readFileSync(join(ROOT, "openapi.yaml"), "utf8")) as {
    paths: Record<
      string,
      { get?: { operationId?: string; "x-codeSamples"?: Array<Omit<CodeSample, "operationId">> } }
    >;
  };
  return Object.values(spec.paths).flatMap(({ get }) =>
    (get?.["x-codeSamples"] ?? []).map(({ label, source }) => ({
      operationId: get?.operationId ?? "",
      label,
      source,
    })),
  );
}

/** The file name each example gets, and its source as the documentation shows it. */
export function docExampleFiles(): Array<{ name: string; source: string }> {
  return [
    ...readmeExamples().map((source, i) => ({ name: `readme-${i}.ts`, source })),
    ...guideExamples().map(({ lang, source }, i) => ({ name: `guide-${i}.${lang}`, source })),
    ...codeSamples()
      .filter((sample) => sample.label === "hiro-lookup")
      .map((sample) => ({ name: `sample-${sample.operationId}.ts`, source: sample.source })),
  ];
}

/** A block as it is compiled: the given names it uses imported, and always a module. */
export function compiledSource(source: string): string {
  const used = GIVEN_NAMES.filter((name) => uses(source, name) && !declares(source, name));
  const imports = used.length > 0 ? `import { ${used.join(", ")} } from "./given.js";\n` : "";
  return `${imports}${source}\nexport {};\n`;
}

/** Writes every example, and given.ts, to {@link DOC_EXAMPLES_DIR}, fresh. */
export function writeDocExamples(dir: string = DOC_EXAMPLES_DIR): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "given.ts"), GIVEN);
  for (const { name, source } of docExampleFiles()) writeFileSync(join(dir, name), compiledSource(source));
}

function fencedBlocks(markdown: string, lang: string): string[] {
  return [...markdown.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1] ?? "");
}

const uses = (source: string, name: string) => new RegExp(`(?<![\\w.$])${name}\\b`).test(source);
const declares = (source: string, name: string) =>
  new RegExp(
    `\\b(?:const|let|var|function|class)\\s+${name}\\b|\\bimport\\b[^;]*\\b${name}\\b[^;]*\\bfrom\\b|(?:const|let)\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*=`,
  ).test(source);

if (process.argv[1] === fileURLToPath(import.meta.url)) writeDocExamples();
