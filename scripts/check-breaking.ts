/**
 * `npm run check:breaking`: the release gate (scripts/lib/release-gate.ts). Compares `openapi.yaml` with
 * the spec of the last release (`scripts/release/openapi-<version>.yaml`) and exits 1, listing the breaking
 * changes, unless package.json's `version` is a breaking bump over that release's AND CHANGELOG.md's
 * section for that version says "breaking" and names each broken operation. Exits 2 if it cannot tell.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { checkBreaking, gateReport, latestRelease } from "./lib/release-gate.js";

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
  const report = gateReport(result, { version, releaseVersion: release.version, against });
  if (report.code === 0) console.log(report.text);
  else console.error(report.text);
  return report.code;
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
