/**
 * `npm run check:breaking`: the breaking-change gate. Compares `openapi.yaml` with the spec of the last
 * release (`scripts/release/openapi-<version>.yaml`, the newest one there) and exits 1, listing the
 * breaking changes, unless package.json's `version` is a breaking bump over that release's version.
 *
 * The comparison is Optic's (`@useoptic/openapi-utilities` diff + `@useoptic/standard-rulesets`
 * BreakingChangesRuleset: removed operations, response status codes or response properties, response
 * properties made optional, type changes, new required parameters, optional parameters made required,
 * enum changes), plus two rules for what the typed client makes breaking on top of the wire protocol:
 * - a value removed from a response enum: the generated union type loses a member, so consumer code that
 *   compares against it no longer compiles;
 * - a parameter constraint narrowed (minimum, maximum, lengths, pattern): the client validates inputs
 *   against the spec before sending, so calls that worked would be rejected.
 *
 * "Breaking bump" follows npm's caret ranges: the first non-zero part of the version goes up, so 0.1.x →
 * 0.2.0 and 1.x → 2.0.0 may break, 0.1.0 → 0.1.1 and 1.2.0 → 1.3.0 may not.
 *
 * At each release: copy `openapi.yaml` to `scripts/release/openapi-<version>.yaml`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { compareSpecs, type FlatOpenAPIV3_1 } from "@useoptic/openapi-utilities";
import { OperationRule, PropertyRule, RuleError, RuleRunner } from "@useoptic/rulesets-base";
import { BreakingChangesRuleset } from "@useoptic/standard-rulesets";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const RELEASE_DIR = `${ROOT}scripts/release/`;
const SNAPSHOT_NAME = /^openapi-(\d+\.\d+\.\d+)\.yaml$/;

/** One breaking change between two specs. */
export interface BreakingChange {
  /** Name of the rule that caught it, e.g. `prevent operation removal`. */
  rule: string;
  /** Where, e.g. `GET /runes/v1/transactions/{tx_id}/activity` (or `-` for the whole document). */
  where: string;
  /** JSON pointer into the spec it concerns (the old spec for removals, the new one otherwise). */
  pointer: string;
  message: string;
}

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
  const input = (text: string) => ({
    jsonLike: dereference(parse(text)) as FlatOpenAPIV3_1.Document,
    sourcemap: { rootFilePath: "openapi.yaml", files: [], refMappings: {} },
    isEmptySpec: false,
  });
  const runner = new RuleRunner([
    new BreakingChangesRuleset(),
    preventResponseEnumNarrowing,
    preventParameterNarrowing,
  ]);
  const { results } = await compareSpecs(input(beforeSpec), input(afterSpec), runner, {});
  const failed = results.filter((result) => !result.passed && !result.exempted);
  // A removed operation also reports each of its responses and properties: keep the operation only.
  const removedOperations = failed
    .filter((result) => result.name === "prevent operation removal")
    .map((result) => `${result.location.jsonPath}/`);
  return failed
    .filter((result) => !removedOperations.some((prefix) => result.location.jsonPath.startsWith(prefix)))
    .map((result) => ({
      rule: result.name,
      where: result.where,
      pointer: result.location.jsonPath,
      message: result.error ?? result.name,
    }));
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

/**
 * Inlines every local `$ref` (`#/...`), as Optic compares dereferenced documents. Siblings of a `$ref`
 * (OpenAPI 3.1 allows a `description` there) override the referenced object's keys. External and
 * circular references are errors: this spec has neither.
 */
export function dereference(document: unknown): unknown {
  const resolve = (ref: string): unknown => {
    if (!ref.startsWith("#/")) throw new Error(`external $ref not supported: ${ref}`);
    return ref
      .slice(2)
      .split("/")
      .map((part) => decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((node, key) => {
        const next =
          typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
        if (next === undefined) throw new Error(`unresolved $ref: ${ref}`);
        return next;
      }, document);
  };
  const walk = (node: unknown, trail: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, trail));
    if (typeof node !== "object" || node === null) return node;
    const { $ref, ...siblings } = node as Record<string, unknown>;
    if (typeof $ref === "string") {
      if (trail.includes($ref)) throw new Error(`circular $ref: ${[...trail, $ref].join(" → ")}`);
      const target = walk(resolve($ref), [...trail, $ref]);
      const rest = walk(siblings, trail) as Record<string, unknown>;
      return typeof target === "object" && target !== null && !Array.isArray(target)
        ? { ...target, ...rest }
        : target;
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, trail)]));
  };
  return walk(document, []);
}

type Schema = Record<string, unknown>;
const asSchema = (value: unknown): Schema =>
  typeof value === "object" && value !== null ? (value as Schema) : {};

/** The finite set of values a schema allows (`enum` or `const`), or undefined when it has none. */
function enumValues(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ("const" in schema) return [schema.const];
  return undefined;
}

const preventResponseEnumNarrowing = new PropertyRule({
  name: "prevent response enum narrowing",
  rule: (property) => {
    property.changed((before, after) => {
      if ("inRequest" in after.location.conceptualLocation) return;
      const was = enumValues(asSchema(before.raw));
      const now = enumValues(asSchema(after.raw));
      if (!was || !now) return;
      const removed = was.filter(
        (value) => !now.some((kept) => JSON.stringify(kept) === JSON.stringify(value)),
      );
      if (removed.length > 0)
        throw new RuleError({
          message: `cannot remove enum value${removed.length > 1 ? "s" : ""} ${removed.map((v) => JSON.stringify(v)).join(", ")} from response property '${after.value.key}': the client's union type loses ${removed.length > 1 ? "them" : "it"}. This is a breaking change.`,
        });
    });
  },
});

/** The first way `after` accepts fewer values than `before`, among the constraints the client checks. */
function narrowedConstraint(before: Schema, after: Schema): string | undefined {
  const num = (schema: Schema, key: string) => (typeof schema[key] === "number" ? schema[key] : undefined);
  for (const key of ["minimum", "exclusiveMinimum", "minLength", "minItems"]) {
    const was = num(before, key);
    const now = num(after, key);
    if (now !== undefined && (was === undefined || now > was)) return `${key} raised to ${now}`;
  }
  for (const key of ["maximum", "exclusiveMaximum", "maxLength", "maxItems"]) {
    const was = num(before, key);
    const now = num(after, key);
    if (now !== undefined && (was === undefined || now < was)) return `${key} lowered to ${now}`;
  }
  if (after.pattern !== undefined && after.pattern !== before.pattern)
    return `pattern changed to ${JSON.stringify(after.pattern)}`;
  return undefined;
}

interface ParameterFact {
  raw: { schema?: unknown };
  value: { name: string };
}

/** Query, path and header parameters whose schema accepts fewer values than before. */
const preventParameterNarrowing = new OperationRule({
  name: "prevent parameter narrowing",
  rule: (operation) => {
    const check = (location: string) => (before: ParameterFact, after: ParameterFact) => {
      const narrowed = narrowedConstraint(asSchema(before.raw.schema), asSchema(after.raw.schema));
      if (narrowed)
        throw new RuleError({
          message: `${location} parameter '${after.value.name}' accepts fewer values (${narrowed}): the client would reject calls that worked. This is a breaking change.`,
        });
    };
    operation.queryParameter.changed(check("query"));
    operation.pathParameter.changed(check("path"));
    operation.headerParameter.changed(check("header"));
  },
});

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
