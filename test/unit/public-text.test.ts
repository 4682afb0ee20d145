/**
 * The published text reads on its own: every relative README link points at a file the package
 * ships (`npm pack --dry-run`), no invented repository address, and no internal jargon.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** Relative link targets of a Markdown text (inline links and images), without their #fragment. */
function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?[^)]*\)/g)].map((m) => m[1] ?? "");
  return targets
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#"))
    .map((t) => decodeURIComponent(t.split("#", 1)[0] ?? ""));
}

it("every relative README link resolves to a file in the packed package", async () => {
  const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  const [pack] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
  const shipped = new Set(pack?.files.map((f) => f.path));
  const links = relativeLinks(read("README.md"));
  expect(links).toContain("docs/guide.md");
  expect(links.filter((link) => !shipped.has(link.replace(/^\.\//, "")))).toEqual([]);
}, 60_000);

it("names no repository or homepage address (there is no public one yet)", () => {
  const pkg = JSON.parse(read("package.json")) as Record<string, unknown>;
  expect(Object.keys(pkg)).not.toContain("repository");
  expect(Object.keys(pkg)).not.toContain("homepage");
  expect(Object.keys(pkg)).not.toContain("bugs");
});

it.each(["README.md", "docs/guide.md", "openapi.yaml"])("%s never mentions 'the brief'", (file) => {
  expect(read(file)).not.toMatch(/\bbrief\b/i);
});
