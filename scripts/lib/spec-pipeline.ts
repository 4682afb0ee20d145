/**
 * The steps that turn openapi.yaml into everything derived from it: lint, the generated types and
 * parameter rules. Used by `npm start` (once, then on every change of the spec), in one warm process:
 * openapi-typescript through its Node API (tens of ms warm, against ~1.9 s for its CLI) and lint
 * through @redocly/openapi-core (0.1-0.3 s warm, against 0.6-3 s for the Redocly CLI on this box).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Config, formatProblems, getTotals, lint, loadConfig } from "@redocly/openapi-core";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import { staleFiles, writeGeneratedFiles } from "./generated-files.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SPEC = join(ROOT, "openapi.yaml");
const TYPES = join(ROOT, "src/generated/api.d.ts");
let config: Promise<Config> | undefined;

/**
 * Lints a spec file with the project's redocly.yaml, in this process; `output` holds the problems
 * when it fails (a YAML syntax error included). The Redocly 2 CLI (`npm run lint:spec`) has no Node
 * API; @redocly/openapi-core is the engine it is built on, with the same rules and presets.
 */
export async function lintSpec(specPath = SPEC): Promise<{ ok: boolean; output: string }> {
  config ??= loadConfig({ configPath: join(ROOT, "redocly.yaml") });
  try {
    const problems = await lint({ ref: specPath, config: await config });
    const totals = getTotals(problems);
    if (totals.errors === 0) return { ok: true, output: "" };
    let output = "";
    const write = process.stderr.write;
    // formatProblems prints to stderr; capture it to return it instead.
    process.stderr.write = ((chunk: string) => {
      output += chunk;
      return true;
    }) as typeof process.stderr.write;
    try {
      formatProblems(problems, { format: "stylish", totals, version: "", color: false });
    } finally {
      process.stderr.write = write;
    }
    return { ok: false, output: output.trim() };
  } catch (error) {
    return { ok: false, output: error instanceof Error ? error.message : String(error) };
  }
}

/** `src/generated/api.d.ts` for a spec file, byte for byte what `openapi-typescript <spec>` writes. */
export async function typesSource(specPath = SPEC): Promise<string> {
  return `${COMMENT_HEADER}${astToString(await openapiTS(pathToFileURL(specPath), { silent: true }))}`;
}

/** Whether `src/generated` no longer matches the spec. */
export async function generatedIsStale(specPath = SPEC): Promise<boolean> {
  let current = "";
  try {
    current = readFileSync(TYPES, "utf8");
  } catch {}
  return current !== (await typesSource(specPath)) || staleFiles(specPath).length > 0;
}

/** Regenerates `src/generated` from a spec file (what `npm run generate` does), in this process. */
export async function regenerate(specPath = SPEC): Promise<void> {
  const types = await typesSource(specPath);
  writeGeneratedFiles(specPath);
  writeFileSync(TYPES, types);
}
