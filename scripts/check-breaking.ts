/**
 * `npm run check:breaking`: the release gate (scripts/lib/release-gate.ts). Compares `openapi.yaml` with
 * the spec of the last release (`scripts/release/openapi-<version>.yaml`) and exits 1, listing the breaking
 * changes, unless package.json's `version` is a breaking bump over that release's AND CHANGELOG.md's
 * section for that version says "breaking" and names each broken operation. Exits 2 if it cannot tell.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { checkBreaking, latestRelease, nextBreaking } from "./lib/release-gate.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

async function main(): Promise<number> {
  const release = latestRelease();
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { version: string };
  const changelogPath = `${ROOT}CHANGELOG.md`;
  const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, "utf8") : "";
  const result = await checkBreaking(
    { spec: readFileSync(release.path, "utf8"), version: release.version },
    { spec: readFileSync(`${ROOT}openapi.yaml`, "utf8"), version },
    changelog,
  );
  const against = `openapi.yaml (package ${version}) against the ${release.version} release (${release.path.slice(ROOT.length)})`;
  if (result.changes.length === 0) {
    console.log(`check:breaking: no breaking change in ${against}`);
    return 0;
  }
  const list = result.changes.map(
    (change) => `  - ${change.where}: ${change.message}\n    at ${change.pointer}`,
  );
  const count = `${result.changes.length} breaking change${result.changes.length > 1 ? "s" : ""}`;
  if (result.ok) {
    console.log(
      `check:breaking: ${count} in ${against}, allowed by the version bump and CHANGELOG.md's ${version} entry:\n${list.join("\n")}`,
    );
    return 0;
  }
  const missing: string[] = [];
  if (!result.breakingBump)
    missing.push(
      `a breaking version (npm caret: ${release.version} → ${nextBreaking(release.version)} or later)`,
    );
  if (result.entry === undefined)
    missing.push(`CHANGELOG.md has no "## [${version}]" section (nor "## [Unreleased]")`);
  else if (result.uncovered.length > 0) {
    const names = [...new Set(result.uncovered.map((change) => change.where))].join(", ");
    // Before the bump, the entry to write is the new version's, not the current one's.
    const entry = result.breakingBump
      ? `CHANGELOG.md's ${version} entry`
      : "the new version's CHANGELOG.md entry";
    missing.push(`${entry} must say "breaking" and name each broken operation (${names})`);
  }
  console.error(
    `check:breaking: ${count} in ${against}:\n${list.join("\n")}\n` +
      `Undo them, or release them with: ${missing.join("; ")}.`,
  );
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`check:breaking: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
