/**
 * `npm run generate`: writes the runtime pieces of `src/generated/` (scripts/lib/generated-files.ts);
 * `--check` (`npm run check:generated`) compares instead of writing and exits 1 when a file is stale.
 */
import { staleFiles, writeGeneratedFiles } from "./lib/generated-files.js";

if (!process.argv.includes("--check")) {
  for (const file of writeGeneratedFiles()) console.log(`wrote ${file}`);
} else {
  const stale = staleFiles();
  if (stale.length > 0) {
    console.error(`Generated files are not up to date: ${stale.join(", ")}. Run \`npm run generate\`.`);
    process.exit(1);
  }
}
