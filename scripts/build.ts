/**
 * `npm run build` (and `prepack`): tsup, then the build stamp (scripts/lib/dist-stamp.ts) that lets the
 * package tier of `npm test` reuse this dist/ while nothing it was built from has changed. Arguments go to tsup.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeDistStamp } from "./lib/dist-stamp.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const tsup = spawnSync(join(ROOT, "node_modules/.bin/tsup"), process.argv.slice(2), {
  cwd: ROOT,
  stdio: "inherit",
});
if (tsup.status === 0) writeDistStamp(ROOT);
process.exitCode = tsup.status ?? 1;
