/** The package's version, for `hiro-lookup --version`. */
import { readFileSync } from "node:fs";

/** The version in package.json: one level above dist/cli.js, two above src/cli/version.ts. */
export function packageVersion(): string {
  for (const relative of ["../package.json", "../../package.json"]) {
    try {
      const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (json.name === "hiro-lookup" && typeof json.version === "string") return json.version;
    } catch {} // not there: try the next level
  }
  return "unknown";
}
