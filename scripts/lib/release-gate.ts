/**
 * The release gate of `npm run check:breaking` (scripts/check-breaking.ts) and the spec watch of
 * `npm start`: the breaking changes from the last release's spec to `openapi.yaml`, and whether the
 * package may ship them. It may when both hold:
 *
 * - package.json's `version` is a breaking bump over the release's, as npm's caret ranges read it: the
 *   first non-zero part goes up, so 0.1.x → 0.2.0 and 1.x → 2.0.0 may break, 0.1.0 → 0.1.1 and
 *   1.2.0 → 1.3.0 may not;
 * - CHANGELOG.md tells users: the section of that version (`## [2.0.0] - …`, or `## [Unreleased]` until the
 *   release is dated) says "breaking" and names each broken operation, by its operationId
 *   (`getTransactionActivity`) or its path (`/runes/v1/transactions/{tx_id}/activity`).
 *
 * The comparison itself is scripts/lib/breaking-changes.ts. At each release: copy `openapi.yaml` to
 * `scripts/release/openapi-<version>.yaml`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { type BreakingChange, diffBreaking } from "./breaking-changes.js";
import { dereference } from "./dereference.js";

export type { BreakingChange };

const RELEASE_DIR = fileURLToPath(new URL("../release/", import.meta.url));
const SNAPSHOT_NAME = /^openapi-(\d+\.\d+\.\d+)\.yaml$/;

/** A spec and the package version it belongs to. */
export interface SpecVersion {
  /** The OpenAPI document, YAML or JSON text. */
  spec: string;
  /** The package version, e.g. `0.1.0`. */
  version: string;
}

/** What the gate found. */
export interface BreakingCheck {
  changes: BreakingChange[];
  /** The version bump from `before` to `after` allows breaking changes (npm caret semantics). */
  breakingBump: boolean;
  /** The CHANGELOG section that speaks for `after.version` (its own, else Unreleased), if there is one. */
  entry: string | undefined;
  /** The changes that section does not cover: all of them when it is missing or does not say "breaking". */
  uncovered: BreakingChange[];
  /** No breaking change, or a breaking bump with a CHANGELOG entry that covers every change. */
  ok: boolean;
}

/** Compares two specs and decides whether the version bump and the CHANGELOG allow what changed. */
export async function checkBreaking(
  before: SpecVersion,
  after: SpecVersion,
  changelog: string,
): Promise<BreakingCheck> {
  const changes = await findBreakingChanges(before.spec, after.spec);
  const breakingBump = isBreakingBump(before.version, after.version);
  const entry = changelogSection(changelog, after.version) ?? changelogSection(changelog, "Unreleased");
  const uncovered =
    changes.length === 0 ? [] : uncoveredChanges(entry ?? "", changes, [before.spec, after.spec]);
  return {
    changes,
    breakingBump,
    entry,
    uncovered,
    ok: changes.length === 0 || (breakingBump && uncovered.length === 0),
  };
}

/** The breaking changes from `beforeSpec` to `afterSpec` (OpenAPI 3.x texts), whatever the versions. */
export async function findBreakingChanges(beforeSpec: string, afterSpec: string): Promise<BreakingChange[]> {
  return diffBreaking(dereference(parseSpec(beforeSpec)), dereference(parseSpec(afterSpec)));
}

/** The spec texts parsed last, newest last: {@link parseSpec}'s memory. */
const parsedSpecs = new Map<string, unknown>();

/**
 * A spec text parsed: JSON by `JSON.parse` (YAML's parser takes ~0.2 s over this spec as JSON), else YAML.
 * The last few texts are remembered (a check parses each text twice; `npm start` compares the release's
 * spec again at every edit). Callers only read the result.
 */
function parseSpec(text: string): unknown {
  const known = parsedSpecs.get(text);
  if (known !== undefined) return known;
  let parsed: unknown;
  try {
    parsed = text.trimStart().startsWith("{") ? JSON.parse(text) : parse(text);
  } catch {
    parsed = parse(text); // not JSON after all: YAML says what is wrong with it
  }
  parsedSpecs.set(text, parsed);
  const oldest = parsedSpecs.keys().next();
  if (parsedSpecs.size > 4 && !oldest.done) parsedSpecs.delete(oldest.value);
  return parsed;
}

/** What `npm run check:breaking` prints, and its exit code. */
export interface GateReport {
  /** 0: nothing breaks, or the version and CHANGELOG.md allow it (printed on stdout); 1: refused (stderr). */
  code: 0 | 1;
  text: string;
}

/**
 * `npm run check:breaking`'s verdict on `result` (from {@link checkBreaking}): the changes, one per line with
 * their JSON pointer, and when refused, what releasing them needs. `version` is package.json's,
 * `releaseVersion` the last release's, `against` names the comparison (files and versions).
 */
export function gateReport(
  result: BreakingCheck,
  { version, releaseVersion, against }: { version: string; releaseVersion: string; against: string },
): GateReport {
  if (result.changes.length === 0)
    return { code: 0, text: `check:breaking: no breaking change in ${against}` };
  const list = result.changes.map(
    (change) => `  - ${change.where}: ${change.message}\n    at ${change.pointer}`,
  );
  const count = `${result.changes.length} breaking change${result.changes.length > 1 ? "s" : ""}`;
  if (result.ok)
    return {
      code: 0,
      text: `check:breaking: ${count} in ${against}, allowed by the version bump and CHANGELOG.md's ${version} entry:\n${list.join("\n")}`,
    };
  const missing: string[] = [];
  if (!result.breakingBump)
    missing.push(
      `a breaking version (npm caret: ${releaseVersion} → ${nextBreaking(releaseVersion)} or later)`,
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
  return {
    code: 1,
    text:
      `check:breaking: ${count} in ${against}:\n${list.join("\n")}\n` +
      `Undo them, or release them with: ${missing.join("; ")}.`,
  };
}

/**
 * The section of CHANGELOG.md headed `## [version]` (or `## version`), from its heading up to the next
 * `## ` heading; undefined when there is none.
 */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split("\n");
  const start = lines.findIndex((line) => {
    const heading = /^## \[?([^\]\s]+)\]?/.exec(line);
    return heading?.[1] === version;
  });
  if (start === -1) return undefined;
  const length = lines.slice(start + 1).findIndex((line) => line.startsWith("## "));
  const end = length === -1 ? lines.length : start + 1 + length;
  return `${lines.slice(start, end).join("\n").trimEnd()}\n`;
}

/**
 * The changes a CHANGELOG section does not cover: every one when it does not say "breaking"; else those
 * whose operation it names by neither its path nor its operationId (looked up in `specs`).
 */
export function uncoveredChanges(
  entry: string,
  changes: readonly BreakingChange[],
  specs: readonly string[] = [],
): BreakingChange[] {
  if (!/breaking/i.test(entry)) return [...changes];
  const operationIds = operationIdsByRoute(specs);
  return changes.filter((change) => {
    const [method, path] = change.where.split(" ");
    if (!method || !path?.startsWith("/")) return false; // a whole-document change: "breaking" is enough
    const id = operationIds.get(`${method} ${path}`);
    return !(entry.includes(path) || (id !== undefined && entry.includes(id)));
  });
}

/** `GET /path` → operationId, over every spec given (a removed operation is only in the old one). */
function operationIdsByRoute(specs: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const text of specs) {
    const paths = (parseSpec(text) as { paths?: Record<string, Record<string, { operationId?: string }>> })
      .paths;
    for (const [path, item] of Object.entries(paths ?? {}))
      for (const [method, operation] of Object.entries(item))
        if (operation?.operationId) ids.set(`${method.toUpperCase()} ${path}`, operation.operationId);
  }
  return ids;
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

/** The smallest version after `version` that may break (npm caret). */
export function nextBreaking(version: string): string {
  const [major, minor, patch] = parseVersion(version);
  if (major > 0) return `${major + 1}.0.0`;
  if (minor > 0) return `0.${minor + 1}.0`;
  return `0.0.${patch + 1}`;
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

/**
 * The spec watch's one-line word on an edit (`npm start`): "" when `spec` breaks nothing since the last
 * release; else how many changes, the first one, and whether the gate lets them through, e.g.
 * `breaking: 1 change since 0.2.0 (GET /…: cannot remove an operation); needs a breaking version and its
 * CHANGELOG entry (npm run check:breaking)`. `root` holds package.json and CHANGELOG.md.
 */
export async function breakingNote(spec: string, root: string): Promise<string> {
  const release = latestRelease();
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const changelogPath = join(root, "CHANGELOG.md");
  const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, "utf8") : "";
  const result = await checkBreaking(
    { spec: readFileSync(release.path, "utf8"), version: release.version },
    { spec, version },
    changelog,
  );
  const [first] = result.changes;
  if (!first) return "";
  const count = `${result.changes.length} change${result.changes.length > 1 ? "s" : ""}`;
  const more = result.changes.length > 1 ? `, and ${result.changes.length - 1} more` : "";
  const verdict = result.ok
    ? `allowed by ${version} and its CHANGELOG entry`
    : "needs a breaking version and its CHANGELOG entry (npm run check:breaking)";
  return `breaking: ${count} since ${release.version} (${first.where}: ${first.message}${more}); ${verdict}`;
}
