/**
 * The command line retells the library's errors from their fields (`parameter`, `reason`, `operationId`,
 * `summary`), never by cutting or rewriting a message: a reworded library message must not silently
 * change what the CLI prints. The library holds to the same rule when it retells one of its own checks
 * (a search id's token number). This guard reads every file under src/ (src/cli/ first) for the ways a
 * message was cut before (`message.slice(parameter.length + 2)`, `.replace(…)` of its words, a regex on
 * it). A server's body text that `verify` reads as data (Fastify's "limit must be <= N") is not a message
 * of ours, and is named as what it is.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/spec.js";

/** String work on a message: a property `.message` or a variable named `message`, then a cut or rewrite. */
const CUT =
  /\bmessage\s*\??\.\s*(?:slice|substring|substr|replace|replaceAll|split|match|matchAll|search)\s*\(/;
/** A regex run on a message: `/…/.exec(error.message)`, `.test(message)`. */
const REGEX_ON = /\.(?:exec|test)\(\s*[\w.?]*\bmessage\s*\)/;

/**
 * The lines of `text` that do message surgery, as `line: code`. A call split over lines
 * (`error.message⏎  .slice(…)`) is joined back before the search.
 */
function surgery(text: string): string[] {
  const joined = text.replace(/\n\s*(?=\??\.\s*\w+\s*\()/g, "");
  return joined
    .split("\n")
    .flatMap((code, index) =>
      CUT.test(code) || REGEX_ON.test(code) ? [`${index + 1}: ${code.trim()}`] : [],
    );
}

function tsFilesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return tsFilesUnder(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

describe("the CLI does no surgery on a message", () => {
  it("the guard sees each form the CLI used before", () => {
    expect(
      surgery("const detail = error.message.slice(from.length + 2).replace('with apiKey', '--api-key');"),
    ).toHaveLength(1);
    expect(surgery("const detail = error.message\n    .slice(error.parameter.length + 2)")).toHaveLength(1);
    expect(surgery("const d = error.message;\nconst r = error.reason;")).toEqual([]);
    expect(surgery("const operationId = /^(\\w+): /.exec(message)?.[1];")).toHaveLength(1);
    expect(surgery("return name + message.slice(operationId.length + 2);")).toHaveLength(1);
    expect(surgery("if (/x/.test(error.message)) {}")).toHaveLength(1);
    expect(surgery("line(commandName + error.summary);")).toEqual([]);
  });

  it("no file under src/cli/ cuts, rewrites or parses an error's message", () => {
    const found = tsFilesUnder("src/cli").flatMap((file) => {
      return surgery(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}:${line}`);
    });
    expect(found).toEqual([]);
  });

  it("no file under src/ cuts, rewrites or parses an error's message (the library retells its own checks from their parts too)", () => {
    const found = tsFilesUnder("src").flatMap((file) => {
      return surgery(readFileSync(join(ROOT, file), "utf8")).map((line) => `${file}:${line}`);
    });
    expect(found).toEqual([]);
  });
});
