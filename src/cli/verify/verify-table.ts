/** The conformance table of `hiro-lookup verify`, as text for a reader. */
import type { ConformanceRow, VerifyReport } from "./verify.js";

const COLUMNS = [
  "check",
  "service",
  "expected",
  "got",
  "result",
] as const satisfies readonly (keyof ConformanceRow)[];

/** Counts of each verdict. */
export function tally(rows: readonly ConformanceRow[]): { pass: number; fail: number; notCheckable: number } {
  const count = (result: ConformanceRow["result"]) => rows.filter((row) => row.result === result).length;
  return { pass: count("pass"), fail: count("FAIL"), notCheckable: count("not checkable on a mock") };
}

/** The table (aligned columns, a header), then one summary line. Cells are already printable. */
export function formatTable({ rows, mocks }: VerifyReport): string {
  const widths = COLUMNS.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  const { pass, fail, notCheckable } = tally(rows);
  const mockNote =
    mocks.length > 0
      ? ` (${mocks.join(", ")}: a mock, flagged by Prism's sl-violations header or --mock)`
      : "";
  return [
    line(COLUMNS),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map((row) => line(COLUMNS.map((column) => row[column]))),
    "",
    `${pass} pass, ${fail} FAIL, ${notCheckable} not checkable on a mock${mockNote}`,
    "",
  ].join("\n");
}
