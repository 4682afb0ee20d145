/**
 * The steps that turn openapi.yaml into everything derived from it: lint, the generated types and
 * parameter rules. Used by `npm start` (once, then on every change of the spec).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { staleFiles, writeGeneratedFiles } from "../generate.js";
import { runNode } from "./run-node.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const SPEC = join(ROOT, "openapi.yaml");
const TYPES = "src/generated/api.d.ts";
const OPENAPI_TS = join(ROOT, "node_modules/openapi-typescript/bin/cli.js");
const REDOCLY = join(ROOT, "node_modules/@redocly/cli/bin/cli.js");

/** Lints the spec with the project's redocly.yaml; `output` holds the problems when it fails. */
export async function lintSpec(): Promise<{ ok: boolean; output: string }> {
  const run = await runNode(REDOCLY, ["lint", SPEC, "--format", "stylish"], ROOT);
  const problems = run.output
    .split("\n")
    .filter((line) => !/^\s*[║╔╚]/.test(line) && line.trim() !== "")
    .join("\n");
  return { ok: run.code === 0, output: problems };
}

/** Whether `src/generated` no longer matches the spec. */
export async function generatedIsStale(): Promise<boolean> {
  const types = await runNode(OPENAPI_TS, [SPEC, "-o", TYPES, "--check"], ROOT);
  return types.code !== 0 || staleFiles(SPEC).length > 0;
}

/** Regenerates `src/generated` from the spec (what `npm run generate` does). */
export async function regenerate(): Promise<void> {
  const types = await runNode(OPENAPI_TS, [SPEC, "-o", TYPES], ROOT);
  if (types.code !== 0) throw new Error(`openapi-typescript failed:\n${types.output}`);
  writeGeneratedFiles(SPEC);
}
