/** The README's usage example, run as written (its import pointed at the source) against the mock. */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, inject, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

it("the README usage example runs against the mock", async () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const example = /## Usage\n+```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toContain("createLookupClient");
  const dir = mkdtempSync(join(tmpdir(), "hiro-readme-"));
  const file = join(dir, "example.mts");
  writeFileSync(file, (example ?? "").replace('from "hiro-lookup"', `from "${join(ROOT, "src/index.ts")}"`));
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", file], {
    cwd: ROOT,
    env: { ...process.env, HIRO_BASE_URL: inject("prismUrl"), HIRO_API_KEY: "" },
  });
  expect(stdout).toContain("key-alex-autoalex-v1 #35 250");
  expect(stdout).toContain("#0 6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799i0");
  expect(stdout).toContain("etching Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z");
}, 30_000);
