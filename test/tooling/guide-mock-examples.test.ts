/**
 * The guide's table of the mock's named examples (what `Prefer: example=<name>` can pick) names every
 * example of each lookup in openapi.yaml, with its status: a renamed or added example fails here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { type MockExample, mockExamples } from "../../src/generated/mock-examples.js";
import { ROOT } from "../helpers/spec.js";

const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
const table: Readonly<Record<string, readonly MockExample[]>> = mockExamples;

it.each(Object.entries(table))(
  "the guide lists every named example of %s, with its status",
  (operationId, examples) => {
    const row =
      guide.split("\n").find((line) => line.startsWith(`| \`${operationId}\` |`) && line.includes("(200)")) ??
      "";
    expect(row).not.toBe("");
    for (const { name, status } of examples) {
      // Each status group: the names, then "(status)": the name's group is the first status after it.
      const after = row.slice(row.indexOf(`\`${name}\``));
      expect(row, name).toContain(`\`${name}\``);
      expect(/\((\d{3})\)/.exec(after)?.[1], name).toBe(String(status));
    }
  },
);
