import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { dereference } from "../../scripts/lib/dereference.js";
import {
  breakingNote,
  changelogSection,
  checkBreaking,
  findBreakingChanges,
  gateReport,
  isBreakingBump,
  latestRelease,
  uncoveredChanges,
} from "../../scripts/lib/release-gate.js";
import { ROOT } from "../helpers/spec.js";

const run = promisify(execFile);
const release = latestRelease();
/**
 * The spec the edits start from: the last release's snapshot, so that each test sees only its own edit's
 * changes, whatever breaking change openapi.yaml already holds for the next release (0.4.0's bounded
 * `locale`). That openapi.yaml itself passes the gate is `npm run check:breaking` (static-checks.test.ts).
 */
const current = readFileSync(release.path, "utf8");

// biome-ignore lint/suspicious/noExplicitAny: the edits below reach freely into a parsed OpenAPI document.
type Doc = any;

const currentDoc: Doc = parse(current);

/**
 * The current spec with `edit` applied, as JSON text (a spec text may be YAML or JSON; YAML's writer
 * takes ~0.2 s over this spec, JSON's a few ms).
 */
function edited(edit: (doc: Doc) => void): string {
  const doc: Doc = structuredClone(currentDoc);
  edit(doc);
  return JSON.stringify(doc);
}

const removeActivityPath = edited((doc) => {
  delete doc.paths["/runes/v1/transactions/{tx_id}/activity"];
});

/** A CHANGELOG whose section for `version` says it breaks and names the removed operation. */
const BREAKING_ENTRY = (version: string) =>
  `# Changelog\n\n## [${version}] - 2026-12-01 (breaking)\n\n- \`getTransactionActivity\` is removed.\n`;

describe("check:breaking: the release snapshot", () => {
  it("is the newest scripts/release/openapi-<version>.yaml, and no newer than package.json", () => {
    const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { version: string };
    expect(release.path).toMatch(/scripts\/release\/openapi-\d+\.\d+\.\d+\.yaml$/);
    expect(isBreakingBump(version, release.version)).toBe(false);
  });

  // That openapi.yaml has no breaking change against the snapshot (or a version bump that allows it) is
  // `npm run check:breaking`, run by static-checks.test.ts: one failure, with the script's own message.
});

describe("check:breaking: breaking edits are reported", () => {
  it("a removed operation (getTransactionActivity), reported once", async () => {
    const changes = await findBreakingChanges(current, removeActivityPath);
    expect(changes).toEqual([
      expect.objectContaining({
        rule: "prevent operation removal",
        pointer: "/paths/~1runes~1v1~1transactions~1{tx_id}~1activity/get",
      }),
    ]);
  });

  it("a removed response field (total_supply of SftMetadataResponse)", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        delete doc.components.schemas.SftMetadataResponse.properties.total_supply;
      }),
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]?.message).toMatch(/remove response property 'total_supply'/);
    expect(changes[0]?.pointer).toMatch(/^\/paths\/~1metadata~1v1~1sft~1\{principal\}~1\{token_id\}\/get\//);
  });

  it("an optional parameter made required (locale, in every operation that shares it)", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        doc.components.parameters.Locale.required = true;
      }),
    );
    expect(changes.map((c) => c.where.split(" query")[0]).sort()).toEqual([
      "GET /metadata/v1/ft/{principal}",
      "GET /metadata/v1/nft/{principal}/{token_id}",
      "GET /metadata/v1/sft/{principal}/{token_id}",
    ]);
    for (const change of changes)
      expect(change.message).toMatch(/optional query parameter 'locale' required/);
  });

  it("a new required parameter", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        doc.paths["/ordinals/v1/sats/{ordinal}/inscriptions"].get.parameters.push({
          name: "cursor",
          in: "query",
          required: true,
          schema: { type: "string" },
        });
      }),
    );
    expect(changes.map((c) => c.message)).toEqual([expect.stringMatching(/required query parameter cursor/)]);
  });

  it("a value removed from a response enum (operation of RuneActivity)", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        const operation = doc.components.schemas.RuneActivity.properties.operation;
        operation.enum = operation.enum.filter((value: string) => value !== "burn");
      }),
    );
    expect(changes.map((c) => c.message)).toEqual([
      expect.stringMatching(/remove enum value "burn" from response property 'operation'/),
    ]);
  });

  it("a narrowed type: a response field's type changed (total_supply string → integer)", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        doc.components.schemas.SftMetadataResponse.properties.total_supply = { type: "integer" };
      }),
    );
    expect(changes.map((c) => c.rule)).toEqual(["prevent response property type changes"]);
  });

  it("a narrowed parameter: a lower maximum limit, in every operation that shares it", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        doc.components.parameters.Limit.schema.maximum = 10;
      }),
    );
    expect(changes.map((c) => c.where).sort()).toEqual([
      "GET /metadata/v1/ft query parameter: limit",
      "GET /ordinals/v1/sats/{ordinal}/inscriptions query parameter: limit",
      "GET /runes/v1/transactions/{tx_id}/activity query parameter: limit",
    ]);
    expect(changes[0]?.message).toMatch(
      /query parameter 'limit' accepts fewer values \(maximum lowered to 10\)/,
    );
  });

  it("a response property made optional (name of RuneRef, nested in an array item)", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        const runeRef = doc.components.schemas.RuneRef;
        runeRef.required = runeRef.required.filter((name: string) => name !== "name");
      }),
    );
    expect(changes).toEqual([
      expect.objectContaining({
        rule: "prevent making response property optional",
        where:
          "GET /runes/v1/transactions/{tx_id}/activity response 200 application/json: results[].rune.name",
        message: expect.stringMatching(/make required response property 'name' optional/),
      }),
    ]);
  });

  it("a value added to a response enum, as Optic rated it: exhaustive switches over the union break", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        doc.components.schemas.RuneActivity.properties.operation.enum.push("transfer");
      }),
    );
    expect(changes.map((c) => c.message)).toEqual([
      expect.stringMatching(/add enum value "transfer" to response property 'operation'/),
    ]);
  });

  it("a parameter's type changed, and an enum value removed from a parameter", async () => {
    const withOrder = (values: string[]) =>
      edited((doc) => {
        doc.paths["/ordinals/v1/sats/{ordinal}/inscriptions"].get.parameters.push({
          name: "order",
          in: "query",
          schema: { type: "string", enum: values },
        });
      });
    const retyped = edited((doc) => {
      doc.components.parameters.Offset.schema = { type: "string" };
    });
    // Offset is shared by the three paged operations: each is reported.
    const retypedChanges = await findBreakingChanges(current, retyped);
    expect(retypedChanges).toHaveLength(3);
    for (const change of retypedChanges)
      expect(change.message).toMatch(
        /query parameter 'offset' accepts fewer values \(type changed from integer to string\)/,
      );
    const narrowed = await findBreakingChanges(withOrder(["asc", "desc"]), withOrder(["asc"]));
    expect(narrowed.map((c) => c.message)).toEqual([
      expect.stringMatching(/query parameter 'order' accepts fewer values \("desc" no longer allowed\)/),
    ]);
  });

  it("a removed response media type", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        const content = doc.paths["/metadata/v1/sft/{principal}/{token_id}"].get.responses["200"].content;
        content["application/vnd.hiro+json"] = content["application/json"];
        delete content["application/json"];
      }),
    );
    expect(changes.map((c) => c.message)).toEqual([
      "cannot remove media type application/json from response status code 200",
    ]);
  });

  it("a removed response status code", async () => {
    const changes = await findBreakingChanges(
      current,
      edited((doc) => {
        delete doc.paths["/metadata/v1/sft/{principal}/{token_id}"].get.responses["404"];
      }),
    );
    expect(changes.map((c) => c.message)).toEqual([expect.stringMatching(/remove response status code 404/)]);
  });
});

describe("check:breaking: non-breaking edits pass", () => {
  it("an added optional response field", async () => {
    const after = edited((doc) => {
      doc.components.schemas.SftMetadataResponse.properties.minted_at = { type: "integer", minimum: 0 };
    });
    expect(await findBreakingChanges(current, after)).toEqual([]);
  });

  it("an added or changed description", async () => {
    const after = edited((doc) => {
      doc.components.schemas.SftMetadataResponse.properties.total_supply.description += " Also see SIP-013.";
      doc.components.schemas.RuneRef.description = "The rune an activity entry is about (by id).";
    });
    expect(await findBreakingChanges(current, after)).toEqual([]);
  });

  it("an added operation, an added response status and a widened parameter type", async () => {
    const after = edited((doc) => {
      doc.paths["/runes/v1/etchings"] = { get: { responses: { "200": { description: "All etchings." } } } };
      doc.paths["/runes/v1/transactions/{tx_id}/activity"].get.responses["404"] = { description: "Unknown." };
      doc.components.parameters.Offset.schema.type = ["integer", "string"];
    });
    expect(await findBreakingChanges(current, after)).toEqual([]);
  });

  it("an added optional parameter and a widened limit", async () => {
    const after = edited((doc) => {
      doc.components.parameters.Limit.schema.maximum = 100;
      doc.paths["/ordinals/v1/sats/{ordinal}/inscriptions"].get.parameters.push({
        name: "order",
        in: "query",
        required: false,
        schema: { type: "string", enum: ["asc", "desc"] },
      });
    });
    expect(await findBreakingChanges(current, after)).toEqual([]);
  });
});

describe("check:breaking: the version gate", () => {
  it("fails a breaking change without a breaking version bump", async () => {
    const result = await checkBreaking(
      { spec: current, version: "0.1.0" },
      { spec: removeActivityPath, version: "0.1.1" },
      BREAKING_ENTRY("0.1.1"),
    );
    expect(result).toMatchObject({ ok: false, breakingBump: false });
    expect(result.changes).toHaveLength(1);
  });

  it("allows a breaking change with a major bump and a CHANGELOG entry that names it (and reports it all the same)", async () => {
    const result = await checkBreaking(
      { spec: current, version: "1.4.2" },
      { spec: removeActivityPath, version: "2.0.0" },
      BREAKING_ENTRY("2.0.0"),
    );
    expect(result).toMatchObject({ ok: true, breakingBump: true, uncovered: [] });
    expect(result.changes).toHaveLength(1);
  });

  it("fails a breaking change with a major bump alone: no CHANGELOG section for the version", async () => {
    const result = await checkBreaking(
      { spec: current, version: "1.4.2" },
      { spec: removeActivityPath, version: "2.0.0" },
      "# Changelog\n\n## [1.4.2] - 2026-01-01\n\n- getTransactionActivity, breaking: nothing\n",
    );
    expect(result).toMatchObject({ ok: false, breakingBump: true, entry: undefined });
    expect(result.uncovered).toHaveLength(1);
  });

  it("fails when the version's entry does not say it breaks, or does not name what broke", async () => {
    const check = (changelog: string) =>
      checkBreaking(
        { spec: current, version: "1.4.2" },
        { spec: removeActivityPath, version: "2.0.0" },
        changelog,
      );
    const unsaid = await check("## [2.0.0] - 2026-02-01\n\n- getTransactionActivity is gone\n");
    expect(unsaid).toMatchObject({ ok: false, breakingBump: true });
    expect(unsaid.uncovered).toHaveLength(1);
    const unnamed = await check("## [2.0.0] - 2026-02-01 (breaking)\n\n- a route is gone\n");
    expect(unnamed).toMatchObject({ ok: false, breakingBump: true });
    expect(unnamed.uncovered.map((c) => c.where)).toEqual(["GET /runes/v1/transactions/{tx_id}/activity"]);
    // By its route rather than its operationId, under Unreleased before the release is dated.
    const byRoute = await check(
      "## [Unreleased]\n\n### Breaking\n\n- `/runes/v1/transactions/{tx_id}/activity` is gone\n\n## [1.4.2]\n",
    );
    expect(byRoute).toMatchObject({ ok: true, uncovered: [] });
  });

  it("passes a non-breaking change without a bump or an entry", async () => {
    const result = await checkBreaking(
      { spec: current, version: "0.1.0" },
      { spec: current, version: "0.1.0" },
      "",
    );
    expect(result).toMatchObject({ changes: [], breakingBump: false, ok: true, uncovered: [] });
  });

  it("reads a version's CHANGELOG section, from its heading to the next release's", () => {
    const changelog =
      "# Changelog\n\n## [Unreleased]\n\nu\n\n## [0.3.0] - 2026-12-01 (breaking)\n\nthree\n### Sub\nmore\n\n## [0.2.0]\n\ntwo\n";
    expect(changelogSection(changelog, "0.3.0")).toBe(
      "## [0.3.0] - 2026-12-01 (breaking)\n\nthree\n### Sub\nmore\n",
    );
    expect(changelogSection(changelog, "0.2.0")).toBe("## [0.2.0]\n\ntwo\n");
    expect(changelogSection(changelog, "0.4.0")).toBeUndefined();
    expect(changelogSection("## 0.3.0\nplain heading\n", "0.3.0")).toBe("## 0.3.0\nplain heading\n");
    expect(uncoveredChanges("", [])).toEqual([]);
  });

  it.each([
    ["0.1.0", "1.0.0", true],
    ["0.1.0", "0.2.0", true], // 0.x: the minor is what ^0.1.0 pins
    ["0.1.0", "0.1.1", false],
    ["0.1.0", "0.1.0", false],
    ["0.0.3", "0.0.4", true],
    ["1.2.3", "2.0.0", true],
    ["1.2.3", "1.3.0", false],
    ["2.0.0", "1.9.9", false],
    ["1.0.0", "2.0.0-rc.1", true],
  ])("isBreakingBump(%s → %s) is %s", (from, to, expected) => {
    expect(isBreakingBump(from, to)).toBe(expected);
  });
});

describe("the spec watch's word on breaking changes (npm start)", () => {
  /** A scratch root with this package version and CHANGELOG. */
  function root(version: string, changelog: string): string {
    const dir = mkdtempSync(join(tmpdir(), "hiro-breaking-note-"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ version }));
    writeFileSync(join(dir, "CHANGELOG.md"), changelog);
    return dir;
  }

  it("says nothing for an edit that breaks nothing", async () => {
    const dir = root(release.version, "# Changelog\n");
    expect(await breakingNote(current, dir)).toBe("");
    rmSync(dir, { recursive: true });
  });

  it("names the count and the first change, in one line, and what releasing it needs", async () => {
    const dir = root(release.version, "# Changelog\n");
    const note = await breakingNote(removeActivityPath, dir);
    expect(note).toBe(
      `breaking: 1 change since ${release.version} (GET /runes/v1/transactions/{tx_id}/activity: cannot remove an operation); needs a breaking version and its CHANGELOG entry (npm run check:breaking)`,
    );
    expect(note).not.toContain("\n");
    const twoChanges = edited((doc) => {
      delete doc.paths["/runes/v1/transactions/{tx_id}/activity"];
      delete doc.paths["/ordinals/v1/sats/{ordinal}/inscriptions"];
    });
    expect(await breakingNote(twoChanges, dir)).toMatch(/^breaking: 2 changes since .*, and 1 more\); needs/);
    rmSync(dir, { recursive: true });
  });

  it("says when the version and the CHANGELOG allow it", async () => {
    const dir = root("9.0.0", BREAKING_ENTRY("9.0.0"));
    expect(await breakingNote(removeActivityPath, dir)).toMatch(
      /; allowed by 9\.0\.0 and its CHANGELOG entry$/,
    );
    rmSync(dir, { recursive: true });
  });
});

describe("check:breaking: dereference", () => {
  it("inlines local refs, keeps 3.1 $ref siblings and rejects cycles", () => {
    const doc = {
      a: { $ref: "#/defs/x", description: "override" },
      defs: { x: { type: "string", description: "base" } },
    };
    expect((dereference(doc) as Doc).a).toEqual({ type: "string", description: "override" });
    const cyclic = { b: { $ref: "#/defs/y~1z" }, defs: { "y/z": { items: { $ref: "#/defs/y~1z" } } } };
    expect(() => dereference(cyclic)).toThrow(/circular \$ref/);
  });
});

describe("check:breaking: the command", () => {
  /** Runs scripts/check-breaking.ts in a scratch copy of the project with this spec and version. */
  async function runCommand(
    spec: string,
    version: string,
    changelog = "# Changelog\n",
  ): Promise<{ code: number; output: string }> {
    const dir = mkdtempSync(join(tmpdir(), "hiro-check-breaking-"));
    try {
      mkdirSync(join(dir, "scripts/lib"), { recursive: true });
      for (const file of [
        "check-breaking.ts",
        "lib/breaking-changes.ts",
        "lib/dereference.ts",
        "lib/release-gate.ts",
      ])
        cpSync(join(ROOT, "scripts", file), join(dir, "scripts", file));
      cpSync(join(ROOT, "scripts/release"), join(dir, "scripts/release"), { recursive: true });
      symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "scratch", type: "module", version }));
      writeFileSync(join(dir, "openapi.yaml"), spec);
      writeFileSync(join(dir, "CHANGELOG.md"), changelog);
      const tsx = join(ROOT, "node_modules/tsx/dist/cli.mjs");
      return await run(process.execPath, [tsx, "scripts/check-breaking.ts"], { cwd: dir }).then(
        ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("exits 1 and lists the breaking changes on stderr (the script, as a process)", async () => {
    const failing = await runCommand(removeActivityPath, release.version);
    expect(failing.code).toBe(1);
    expect(failing.output).toContain("1 breaking change in openapi.yaml");
    expect(failing.output).toContain(
      "GET /runes/v1/transactions/{tx_id}/activity: cannot remove an operation",
    );
  });
});

describe("check:breaking: its verdict (gateReport, what the script prints)", () => {
  const report = async (version: string, changelog = "# Changelog\n", spec = removeActivityPath) =>
    gateReport(
      await checkBreaking({ spec: current, version: release.version }, { spec, version }, changelog),
      { version, releaseVersion: release.version, against: "openapi.yaml" },
    );

  it("exits 1 without a breaking bump, naming the version it needs; a version bump alone still exits 1; with the CHANGELOG entry, 0", async () => {
    const failing = await report(release.version);
    expect(failing.code).toBe(1);
    expect(failing.text).toContain("1 breaking change in openapi.yaml:");
    expect(failing.text).toContain("GET /runes/v1/transactions/{tx_id}/activity: cannot remove an operation");
    expect(failing.text).toContain(`a breaking version (npm caret: ${release.version} → `);
    const bumpedOnly = await report("1.0.0");
    expect(bumpedOnly.code).toBe(1);
    expect(bumpedOnly.text).toContain('CHANGELOG.md has no "## [1.0.0]" section');
    const bumped = await report("1.0.0", BREAKING_ENTRY("1.0.0"));
    expect(bumped.code).toBe(0);
    expect(bumped.text).toContain("allowed by the version bump and CHANGELOG.md's 1.0.0 entry");
    expect(await report(release.version, "", current)).toEqual({
      code: 0,
      text: "check:breaking: no breaking change in openapi.yaml",
    });
  });
});
