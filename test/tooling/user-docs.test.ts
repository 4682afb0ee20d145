/**
 * The documentation an app developer reads (the README, the guide, the API reference's introduction and
 * the package's description) carries no notes of the project's own work: no issue numbers, no test or
 * bench files, no machine loads. What a contributor needs is in CONTRIBUTING.md, which the README names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSpec, ROOT } from "../helpers/spec.js";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const info = loadSpec().info as { summary: string; description: string };

/** Each kind of internal note, and how it reads. */
const INTERNAL_NOTES: ReadonlyArray<[string, RegExp]> = [
  ["an issue number", /\bissues? #?\d+/i],
  ["a test file", /\btest\/[\w./-]+/],
  ["a bench file", /\bbench\//],
  ["a machine's load", /\bload average\b/i],
  ["a missed budget", /\bbudget is missed\b/i],
];

describe("the documentation for app developers", () => {
  it.each([
    ["README.md", read("README.md")],
    ["docs/guide.md", read("docs/guide.md")],
    ["openapi.yaml info", `${info.summary}\n${info.description}`],
    ["package.json description", (JSON.parse(read("package.json")) as { description: string }).description],
  ])("%s carries no internal note", (_name, text) => {
    const found = INTERNAL_NOTES.flatMap(([what, re]) => {
      const match = re.exec(text);
      return match ? [`${what}: ${match[0]}`] : [];
    });
    expect(found).toEqual([]);
  });

  it("the README keeps contributor detail in CONTRIBUTING.md, and the two commands for working on the project", () => {
    const readme = read("README.md");
    const contributing = read("CONTRIBUTING.md");
    for (const detail of [
      "customConditions",
      "test:runtimes",
      ".ci/run",
      "edit → ready",
      "## Adding an operation",
    ]) {
      expect(readme, detail).not.toContain(detail);
      expect(contributing, detail).toContain(detail);
    }
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toMatch(/^npm test\b/m);
    expect(readme).toContain("`CONTRIBUTING.md`");
  });
});
