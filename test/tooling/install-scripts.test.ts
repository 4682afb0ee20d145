/**
 * npm 11 blocks dependencies' install scripts unless package.json's `allowScripts` covers them, and `npm
 * ci` warns about each one it skipped. The project decides for each installed package that has one: it
 * denies them all (esbuild's postinstall only checks or fetches its binary, which the platform package
 * already holds; msw's copies its service worker into a folder this project does not name), so nothing
 * runs or downloads at install time and `npm ci` has nothing to warn about.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall"];

/** Every installed package's directory under node_modules (scoped and nested ones included). */
function packages(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith(".")) continue;
    const path = join(dir, name);
    if (name.startsWith("@")) found.push(...packages(path));
    else {
      found.push(path);
      try {
        found.push(...packages(join(path, "node_modules")));
      } catch {
        // no nested node_modules
      }
    }
  }
  return found;
}

it("allowScripts decides for every installed package with an install script", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    allowScripts?: Record<string, boolean>;
  };
  const decided = new Set(
    Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, "$1")),
  );
  const undecided = new Set<string>();
  for (const dir of packages(join(ROOT, "node_modules"))) {
    let pkg: { name?: string; scripts?: Record<string, string> };
    try {
      pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    } catch {
      continue;
    }
    if (pkg.name && INSTALL_SCRIPTS.some((script) => pkg.scripts?.[script]) && !decided.has(pkg.name))
      undecided.add(pkg.name);
  }
  expect([...undecided]).toEqual([]);
  expect(manifest.allowScripts).toEqual({ esbuild: false, msw: false });
});
