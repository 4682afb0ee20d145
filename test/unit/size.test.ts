/**
 * The browser bundle budget (scripts/size-check.ts): the core must stay within its budget (8.5 kB gzip;
 * the issue's 4.5 kB target is missed, see bench/RESULTS.md) and be
 * browser-safe; the optional validators entry has its own budget. The figures are printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bundleForBrowser,
  type EntryReport,
  formatReport,
  type SizeReport,
  scanForNodeGlobals,
  sizeCheck,
} from "../../scripts/size-check.js";

let report: SizeReport;
let core: EntryReport;

beforeAll(async () => {
  report = await sizeCheck();
  console.log(formatReport(report));
  const found = report.entries.find((e) => e.name === "core");
  if (!found) throw new Error("the core entry (src/index.ts) was not measured");
  core = found;
}, 60_000);

describe("browser bundle budget", () => {
  it("keeps the core (src/index.ts, openapi-fetch bundled in) within its budget", () => {
    expect(
      core.gzip,
      `core bundle is ${core.gzip} B gzip (${core.raw} B minified), over its ${core.budget} B budget; ` +
        `largest inputs: ${core.topInputs
          .slice(0, 4)
          .map((i) => `${i.path} ${i.bytes} B`)
          .join(", ")}`,
    ).toBeLessThanOrEqual(core.budget);
  });

  it("keeps the validators entry within its own budget, when it exists", () => {
    const validators = report.entries.find((e) => e.name === "validators");
    if (!validators) {
      console.log(report.skipped.join("\n"));
      return;
    }
    expect(validators.gzip, `validators bundle is ${validators.gzip} B gzip`).toBeLessThanOrEqual(
      validators.budget,
    );
  });
});

describe("the core bundle is browser-safe", () => {
  it("imports no Node built-in module", () => {
    expect(core.safety?.nodeImports).toEqual([]);
    expect(core.code).not.toMatch(/from\s*["']node:|import\(\s*["']node:|require\(/);
  });

  it("uses no Buffer and no process outside a `typeof process` guard", () => {
    expect(core.safety?.buffer).toEqual([]);
    expect(core.safety?.unguardedProcess).toEqual([]);
  });

  it("runs, and makes a lookup, in a context without process, Buffer or require", () => {
    expect(core.safety?.sandboxError).toBeUndefined();
  });
});

describe("the safety checks themselves", () => {
  it("tell a guarded process use from an unguarded one, and find Buffer", () => {
    expect(scanForNodeGlobals('const a=typeof process=="object"&&process.versions.node;')).toMatchObject({
      guardedProcess: [expect.any(String)],
      unguardedProcess: [],
    });
    const bad = scanForNodeGlobals("const k=process.env.KEY;const b=Buffer.from(k);");
    expect(bad.unguardedProcess).toHaveLength(1);
    expect(bad.buffer).toHaveLength(1);
  });

  it("list a Node built-in import, with its importer", async () => {
    const dir = mkdtempSync(join(tmpdir(), "size-check-"));
    try {
      const file = join(dir, "uses-fs.ts");
      writeFileSync(file, 'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n');
      const { nodeImports } = await bundleForBrowser(file);
      expect(nodeImports).toEqual([expect.stringMatching(/^node:fs \(imported by .*uses-fs\.ts\)$/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
