/** Server text and user values on their way into a message: short, one line, nothing a terminal obeys. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { printable, quoted } from "../../src/errors/safe-text.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

describe("printable", () => {
  it("strips controls, collapses whitespace and cuts with an ellipsis", () => {
    expect(printable("a\u001b[31m\r\n b\u202e\u0000c", 50)).toBe("a [31m b c");
    expect(printable("x".repeat(10), 5)).toBe("xxxx…");
  });

  it("property: at most max characters, no control character", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 2000 }),
        fc.integer({ min: 1, max: 300 }),
        (text, max) => {
          const line = printable(text, max);
          expect(line.length).toBeLessThanOrEqual(max);
          expect(line).not.toMatch(CONTROL);
        },
      ),
    );
  });
});

describe("quoted", () => {
  it("keeps the value whole up to max, every character visible", () => {
    expect(quoted(" 5")).toBe('" 5"');
    expect(quoted('a\nb\u0000\u009b\u202e"\\')).toBe('"a\\nb\\u0000\\u009b\\u202e\\"\\\\"');
    expect(quoted("x".repeat(80))).toBe(`"${"x".repeat(80)}"`);
  });

  it("cuts a longer value at max, saying how long it was", () => {
    expect(quoted("x".repeat(81))).toBe(`"${"x".repeat(80)}…" (81 characters)`);
    expect(quoted("\n".repeat(1000), 10)).toBe('"\\n\\n\\n\\n\\n…" (1000 characters)');
  });

  it("property: at most max characters between the quotes, no control character", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 500 }),
        fc.integer({ min: 1, max: 120 }),
        (text, max) => {
          const shown = quoted(text, max);
          const inner = shown.slice(1, shown.lastIndexOf('"'));
          expect(inner.replace(/…$/, "").length).toBeLessThanOrEqual(max);
          expect(shown).not.toMatch(CONTROL);
        },
      ),
    );
  });
});
