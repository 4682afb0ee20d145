/** Where the package's own openapi.yaml is, from the source tree or from the built CLI. */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** openapi.yaml at the package root: one level above dist/cli.js, two above src/mock-server/. */
export function packageSpec(): string {
  const found = ["../openapi.yaml", "../../openapi.yaml"]
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((path) => existsSync(path));
  if (!found) throw new Error("openapi.yaml is missing from the hiro-lookup package");
  return found;
}
