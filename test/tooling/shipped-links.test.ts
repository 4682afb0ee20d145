/**
 * The docs the package ships (README.md, docs/guide.md, as package.json's `files` lists them) link only to
 * what it ships: a relative link to a file left out of the tarball is a dead link for every user who
 * reads the guide from node_modules or on the registry's page.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const files = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { files: string[] }).files;
const shipped = (path: string) => files.some((entry) => path === entry || path.startsWith(`${entry}/`));

it("every relative link of a shipped document points to a shipped file", () => {
  const docs = files.filter((entry) => entry.endsWith(".md"));
  expect(docs).toContain("docs/guide.md");
  const dead: string[] = [];
  for (const doc of docs) {
    const text = readFileSync(join(ROOT, doc), "utf8");
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target === undefined || /^[a-z]+:/i.test(target) || target.startsWith("#")) continue;
      const path = normalize(join(dirname(doc), target.split("#")[0] ?? ""));
      if (!shipped(path) || !existsSync(join(ROOT, path))) dead.push(`${doc} → ${target}`);
    }
  }
  expect(dead).toEqual([]);
});
