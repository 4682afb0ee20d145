/**
 * The README's TypeScript examples (the first-screen example, paging and errors, the middleware example)
 * as written: run against the mock with their imports pointed at the source. (The types tier typechecks them as written, in its
 * one tsc run: test/helpers/doc-examples.ts.) And its list of errors names every error class exported.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as api from "../../src/index.js";
import { docExampleFiles, readmeExamples } from "../helpers/doc-examples.js";
import { ROOT } from "../helpers/spec.js";

const run = promisify(execFile);
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const examples = readmeExamples();
const [first = ""] = examples;
const paging = /## Paging and errors\n+```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
const middleware = examples.find((example) => example.includes("validateResponses(")) ?? "";

/** The example with its package imports pointed at the source, so Node runs it with no build. */
const fromSource = (example: string) =>
  example
    .replace('from "hiro-lookup/validators"', `from "${join(ROOT, "src/validators.ts")}"`)
    .replace('from "hiro-lookup"', `from "${join(ROOT, "src/index.ts")}"`);

describe("the README's TypeScript examples", () => {
  // Under the project, in the git-ignored .tmp/, so that `hiro-lookup` resolves as it does for a user.
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, ".tmp/readme-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are the first-screen example, one of paging and errors, and a middleware example with the validators", () => {
    expect(examples).toHaveLength(3);
    // The first one is on the README's first screen, after the install line.
    const start = readme.indexOf("```ts\n");
    expect(readme.slice(0, start)).toContain("npm install hiro-lookup");
    expect(readme.slice(0, start).split("\n").length).toBeLessThan(15);
    expect(first).toContain("createLookupClient");
    expect(paging).toMatch(/paginate(Lookup)?\(/);
    expect(middleware).toContain('import { responseValidators } from "hiro-lookup/validators"');
  });

  it("are typechecked as written by the types tier (hiro-lookup and hiro-lookup/validators as a user imports them)", () => {
    const written = docExampleFiles().filter(({ name }) => name.startsWith("readme-"));
    expect(written.map(({ source }) => source)).toEqual(examples);
    expect(written.map(({ source }) => source).join("")).toMatch(/from "hiro-lookup\/validators"/);
  });

  it.each([
    ["first", first, ["key-alex-autoalex-v1 #35 250"]],
    [
      "paging",
      paging,
      [
        "#0 6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799i0",
        "etching Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z",
        "not indexed yet, ask again later",
      ],
    ],
    ["middleware", middleware, ["1 6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799i0"]],
  ])(
    "the %s example runs against the mock, as `npm run mock` serves it",
    async (name, example, expected) => {
      const file = join(dir, `${name}.mts`);
      writeFileSync(file, fromSource(example));
      const { stdout } = await run(process.execPath, ["--import", "tsx", file], {
        cwd: ROOT,
        env: { ...process.env, HIRO_BASE_URL: inject("mockUrl"), HIRO_API_KEY: "" },
      });
      for (const text of expected) expect(stdout).toContain(text);
    },
    30_000,
  );
});

it("the README's list of errors names every error class the package exports", () => {
  const errors = /\n## Errors\n\n([\s\S]*?)\n\n/.exec(readme)?.[1] ?? "";
  const exported = Object.entries(api)
    .filter(([, value]) => typeof value === "function" && value.prototype instanceof Error)
    .map(([name]) => name);
  expect(exported).toContain("HiroWaitTimeoutError");
  for (const name of exported) expect(errors, name).toContain(`\`${name}\``);
});
