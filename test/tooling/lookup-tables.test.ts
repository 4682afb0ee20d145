/**
 * The lookup tables people read agree with the operation table (src/generated/operations.ts): the
 * README's (on its first screen), the guide's and the one in the spec's `info.description`, each with
 * every operation once, its route and its service. Where the docs build writes a number of lookups, it
 * counts the spec's operations; hand-written text names no count that is not the table's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { operationIdsOf, withGuideLink } from "../../scripts/lib/docs-site.js";
import { guideLinkMarkdown } from "../../scripts/lib/portal.js";
import { operations } from "../../src/generated/operations.js";
import { loadSpec, ROOT } from "../helpers/spec.js";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const readme = read("README.md");
const guide = read("docs/guide.md");
const spec = loadSpec();
const description = (spec.info as { description: string }).description;
const ids = Object.keys(operations).sort();

/** Numbers as prose writes them: "three lookups" is 3. */
const NUMBER_WORDS = "one two three four five six seven eight nine ten eleven twelve".split(" ");

/** How each service is named in the tables' service column. */
const SERVICE_NAMES = { metadata: "Token Metadata", ordinals: "Ordinals", runes: "Runes" } as const;

/** The rows of the first Markdown table whose header row starts with `| <first>`: its cells, trimmed. */
function tableRows(markdown: string, first: string): { line: number; rows: string[][] } {
  const lines = markdown.split("\n");
  const header = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return { line: header + 1, rows };
}

/** The operation id a row's first cell names (`` `getSftMetadata` ``). */
const idOf = (row: string[]) => /^`(\w+)`$/.exec(row[0] ?? "")?.[1] ?? `not an id: ${row[0]}`;

describe("the lookup tables", () => {
  it("the README's, on its first screen, has every operation once with its method, route and service", () => {
    const { line, rows } = tableRows(readme, "method");
    expect(line).toBeGreaterThan(0);
    expect(line + rows.length + 1).toBeLessThanOrEqual(40);
    expect(readme.indexOf("npm install hiro-lookup")).toBeLessThan(readme.indexOf("| method"));
    expect(rows.map(idOf).sort()).toEqual(ids);
    for (const row of rows) {
      const operation = operations[idOf(row) as keyof typeof operations];
      expect(row[1], idOf(row)).toBe(`\`${operation.method.toUpperCase()} ${operation.path}\``);
      expect(row[2], idOf(row)).toMatch(new RegExp(`^${SERVICE_NAMES[operation.service]} \\(`));
    }
  });

  it.each([
    ["the guide's", guide, "method"],
    ["the spec's info.description", description, "operation"],
  ])("%s has every operation once with its service", (_name, markdown, first) => {
    const { rows } = tableRows(markdown, first);
    expect(rows.map(idOf).sort()).toEqual(ids);
    for (const row of rows) {
      const operation = operations[idOf(row) as keyof typeof operations];
      expect(row[1], idOf(row)).toContain(SERVICE_NAMES[operation.service]);
    }
  });

  it("the API reference's line to the guide counts the spec's operations", () => {
    expect(operationIdsOf(spec).sort()).toEqual(ids);
    const built = withGuideLink(spec) as { info: { description: string } };
    expect(built.info.description.startsWith(guideLinkMarkdown(operationIdsOf(spec)))).toBe(true);
    expect(built.info.description).toContain(`the ${ids.length} lookups`);
    expect(guideLinkMarkdown(["a", "b", "c", "d", "e"])).toContain("the 5 lookups");
    expect(guideLinkMarkdown(["a"])).toContain("the lookup,");
  });

  it.each([
    ["README.md", readme],
    ["docs/guide.md", guide],
    ["openapi.yaml info", `${(spec.info as { summary: string }).summary}\n${description}`],
    ["package.json description", (JSON.parse(read("package.json")) as { description: string }).description],
  ])("%s counts no lookups by hand, unless the count is the table's", (_name, text) => {
    const counts = [...text.matchAll(/\b(\w+) (?:read-only |read |token )?(?:lookups|operations|routes)\b/gi)]
      .map((match) => (match[1] ?? "").toLowerCase())
      .map((word) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word) + 1))
      .filter((count) => count > 0);
    for (const count of counts) expect(count).toBe(ids.length);
  });
});
