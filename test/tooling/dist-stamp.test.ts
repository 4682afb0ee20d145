/** The build stamp that lets the package tier reuse dist/: current only for the exact inputs and outputs. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { distIsCurrent, stampPath, writeDistStamp } from "../../scripts/lib/dist-stamp.js";

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "hiro-stamp-"));
  write("src/index.ts", "export const a = 1;\n");
  write("src/lookups/client.ts", "export const b = 2;\n");
  write("package.json", "{}\n");
  write("tsup.config.ts", "export default {};\n");
  write("dist/index.js", "export const a = 1;\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("dist stamp", () => {
  it("is not current before a stamped build, and is after one", () => {
    expect(distIsCurrent(root)).toBe(false);
    writeDistStamp(root);
    expect(distIsCurrent(root)).toBe(true);
    expect(stampPath(root)).toContain("node_modules/.cache/");
  });

  it.each([
    ["a source file edited", () => write("src/lookups/client.ts", "export const b = 3;\n")],
    ["a source file added", () => write("src/new.ts", "export {};\n")],
    ["a source file removed", () => rmSync(join(root, "src/index.ts"))],
    ["the manifest changed", () => write("package.json", '{"dependencies":{}}\n')],
    ["the lockfile appeared", () => write("package-lock.json", "{}\n")],
    ["the build config changed", () => write("tsup.config.ts", "export default { dts: false };\n")],
    ["an entry was added", () => write("scripts/lib/package-entries.ts", "export const ENTRIES = {};\n")],
    ["dist/ edited by hand", () => write("dist/index.js", "export const a = 2;\n")],
    ["dist/ gained a file", () => write("dist/extra.js", "")],
    ["dist/ removed", () => rmSync(join(root, "dist"), { recursive: true })],
  ])("is not current once %s", (_, change) => {
    writeDistStamp(root);
    change();
    expect(distIsCurrent(root)).toBe(false);
  });

  it("is not current for a stamp it cannot read as its own", () => {
    writeDistStamp(root);
    write("node_modules/.cache/hiro-lookup/dist-stamp.json", "{}\n");
    expect(distIsCurrent(root)).toBe(false);
  });
});
