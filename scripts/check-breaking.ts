/**
 * `npm run check:breaking`: the breaking-change gate. Compares `openapi.yaml` with the spec of the last
 * release (`scripts/release/openapi-<version>.yaml`, the newest one there) and exits 1, listing the
 * breaking changes, unless package.json's `version` is a breaking bump over that release's version.
 *
 * The comparison is `scripts/lib/breaking-changes.ts`: a structural diff of the two dereferenced documents
 * with a few small rules (removed operations, response statuses or properties, response properties made
 * optional, response type and enum changes, new required parameters, optional parameters made required,
 * parameters that accept fewer values). Each change is listed with the operation and JSON pointer.
 *
 * "Breaking bump" follows npm's caret ranges: the first non-zero part of the version goes up, so 0.1.x →
 * 0.2.0 and 1.x → 2.0.0 may break, 0.1.0 → 0.1.1 and 1.2.0 → 1.3.0 may not.
 *
 * At each release: copy `openapi.yaml` to `scripts/release/openapi-<version>.yaml`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "yaml";
import { type BreakingChange, diffBreaking } from "./lib/breaking-changes.js";
import { dereference } from "./lib/dereference.js";

export { type BreakingChange, dereference };

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RELEASE_DIR = `${ROOT}scripts/release/`;
const SNAPSHOT_NAME = /^openapi-(\d+\.\d+\.\d+)\.yaml$/;

export interface SpecVersion {
  /** The OpenAPI document, YAML or JSON text. */
  spec: string;
  /** The package version it belongs to, e.g. `0.1.0`. */
  version: string;
}

export interface BreakingCheck {
  changes: BreakingChange[];
  /** The version bump from `before` to `after` allows breaking changes (npm caret semantics). */
  breakingBump: boolean;
  /** No breaking change, or a breaking bump that allows them. */
  ok: boolean;
}

/** Compares two specs and decides whether the version bump between them allows what changed. */
export async function checkBreaking(before: SpecVersion, after: SpecVersion): Promise<BreakingCheck> {
  const changes = await findBreakingChanges(before.spec, after.spec);
  const breakingBump = isBreakingBump(before.version, after.version);
  return { changes, breakingBump, ok: changes.length === 0 || breakingBump };
}

/** The breaking changes from `beforeSpec` to `afterSpec` (OpenAPI 3.x texts), whatever the versions. */
export async function findBreakingChanges(beforeSpec: string, afterSpec: string): Promise<BreakingChange[]> {
  return diffBreaking(dereference(parse(beforeSpec)), dereference(parse(afterSpec)));
}

/** Whether `from` → `to` may break consumers under npm caret ranges (`^from` excludes `to`, upwards). */
export function isBreakingBump(from: string, to: string): boolean {
  const a = parseVersion(from);
  const b = parseVersion(to);
  // The caret-significant part is the first non-zero one of `from` (major, else minor, else patch).
  const level = a[0] > 0 ? 0 : a[1] > 0 ? 1 : 2;
  for (let i = 0; i < level; i++) if (b[i] !== a[i]) return (b[i] ?? 0) > (a[i] ?? 0);
  return (b[level] ?? 0) > (a[level] ?? 0);
}

function parseVersion(version: string): [number, number, number] {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  if (!match) throw new Error(`not a semver version: ${JSON.stringify(version)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The newest snapshot in scripts/release/: the spec of the last release and its version. */
export function latestRelease(dir: string = RELEASE_DIR): { path: string; version: string } {
  const snapshots = readdirSync(dir)
    .map((name) => ({ name, version: SNAPSHOT_NAME.exec(name)?.[1] }))
    .filter((entry): entry is { name: string; version: string } => entry.version !== undefined)
    .sort((a, b) => compareVersions(a.version, b.version));
  const latest = snapshots.at(-1);
  if (!latest) throw new Error(`no openapi-<version>.yaml snapshot in ${dir}`);
  return { path: `${dir}${latest.name}`, version: latest.version };
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

async function main(): Promise<number> {
  const release = latestRelease();
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { version: string };
  const result = await checkBreaking(
    { spec: readFileSync(release.path, "utf8"), version: release.version },
    { spec: readFileSync(`${ROOT}openapi.yaml`, "utf8"), version },
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
    console.log(`check:breaking: ${count} in ${against}, allowed by the version bump:\n${list.join("\n")}`);
    return 0;
  }
  console.error(
    `check:breaking: ${count} in ${against}:\n${list.join("\n")}\n` +
      `Undo them, or release them as a breaking version (npm caret: ${release.version} → ${nextBreaking(release.version)}) with a CHANGELOG entry.`,
  );
  return 1;
}

function nextBreaking(version: string): string {
  const [major, minor, patch] = parseVersion(version);
  if (major > 0) return `${major + 1}.0.0`;
  if (minor > 0) return `0.${minor + 1}.0`;
  return `0.0.${patch + 1}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`check:breaking: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
