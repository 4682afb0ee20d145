/**
 * A build stamp for dist/: what tsup built it from, and what it wrote. `npm run build` (and `prepack`) writes
 * it after tsup; the package tier reads it to rebuild dist/ only when it is not the build of the tree as it
 * is now (tsup's declaration builds are most of a test run's build time).
 *
 * The stamp holds two digests: the inputs (every file under src/, the build and TypeScript configs, the
 * manifest and the lockfile) and the outputs (every file under dist/). dist/ counts as current only when both
 * match, so an edit under src/, a changed dependency, a half-written or hand-edited dist/, or a plain `tsup`
 * run (which writes no stamp) all mean a rebuild.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/** The files tsup reads besides src/. */
const BUILD_INPUTS = [
  "tsup.config.ts",
  "scripts/lib/package-entries.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

/** Where the stamp lives: with other tools' caches, never in dist/ (which is packed). */
export const stampPath = (root: string) => join(root, "node_modules/.cache/hiro-lookup/dist-stamp.json");

interface DistStamp {
  inputs: string;
  outputs: string;
}

/** Every file under `dir`, as sorted paths relative to `root` (none if `dir` does not exist). */
function filesUnder(root: string, dir: string): string[] {
  const start = join(root, dir);
  if (!existsSync(start)) return [];
  return readdirSync(start, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** SHA-256 over each file's path and bytes, in order. */
function digest(root: string, files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : "(missing)");
    hash.update("\0");
  }
  return hash.digest("hex");
}

const inputsDigest = (root: string) => digest(root, [...filesUnder(root, "src"), ...BUILD_INPUTS]);

/** Records that dist/ is the build of the tree as it is now. Call right after a successful tsup run. */
export function writeDistStamp(root: string): void {
  const stamp: DistStamp = { inputs: inputsDigest(root), outputs: digest(root, filesUnder(root, "dist")) };
  const path = stampPath(root);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(stamp)}\n`);
}

/** `true` when dist/ exists and is, byte for byte, what the last stamped build wrote from today's inputs. */
export function distIsCurrent(root: string): boolean {
  if (!existsSync(stampPath(root))) return false;
  const stamp = JSON.parse(readFileSync(stampPath(root), "utf8")) as Partial<DistStamp>;
  const outputs = filesUnder(root, "dist");
  return outputs.length > 0 && stamp.inputs === inputsDigest(root) && stamp.outputs === digest(root, outputs);
}
