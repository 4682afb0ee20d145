/**
 * Writes the runtime pieces of `src/generated/` that openapi-typescript does not: the parameter rules
 * (patterns, ranges, defaults) the client checks before sending. `--check` compares instead of writing
 * and exits 1 when a file is stale. The types themselves come from `openapi-typescript` (see package.json).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = fileURLToPath(new URL("../", import.meta.url));
const RULE_KEYS = ["type", "pattern", "minimum", "maximum", "exclusiveMaximum", "default"] as const;

interface ParameterObject {
  name: string;
  in: string;
  schema: Record<string, unknown>;
}

/** The generated files, path → content, for the spec at `specPath`. */
export function generatedFiles(specPath = `${root}openapi.yaml`): Map<string, string> {
  const spec = parse(readFileSync(specPath, "utf8")) as {
    components: { parameters: Record<string, ParameterObject> };
  };
  const rules: Record<string, Record<string, unknown>> = {};
  for (const param of Object.values(spec.components.parameters)) {
    if (param.in !== "path" && param.in !== "query") continue;
    rules[param.name] = Object.fromEntries(
      RULE_KEYS.filter((k) => k in param.schema).map((k) => [k, param.schema[k]]),
    );
  }
  const parameters = [
    "/**",
    " * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.",
    " * The path and query parameter rules of the spec, checked by the client before it sends a request.",
    " */",
    `export const parameterRules = ${JSON.stringify(rules, null, 2)} as const;`,
    "",
  ].join("\n");
  return new Map([["src/generated/parameters.ts", parameters]]);
}

function main(): void {
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [file, content] of generatedFiles()) {
    const path = `${root}${file}`;
    if (check) {
      let current = "";
      try {
        current = readFileSync(path, "utf8");
      } catch {}
      if (current !== content) stale.push(file);
    } else {
      writeFileSync(path, content);
      console.log(`wrote ${file}`);
    }
  }
  if (stale.length > 0) {
    console.error(`Generated files are not up to date: ${stale.join(", ")}. Run \`npm run generate\`.`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
