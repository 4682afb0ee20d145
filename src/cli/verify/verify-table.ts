/**
 * The conformance table of `hiro-lookup verify`, as text for a reader: one section per service, the
 * verdict first, cells wrapped to fit the terminal's width, a summary line per service, and the closing
 * line that names the services that failed.
 */
import type { ServiceName } from "../../index.js";
import { printable, wrap } from "../text.js";
import type { ConformanceRow, VerifyReport } from "./verify.js";

const COLUMNS = ["result", "check", "expected", "got"] as const satisfies readonly (keyof ConformanceRow)[];
const INDENT = "  ";
const GAP = "  ";

/** Counts of each verdict. */
export function tally(rows: readonly ConformanceRow[]): { pass: number; fail: number } {
  const count = (result: ConformanceRow["result"]) => rows.filter((row) => row.result === result).length;
  return { pass: count("pass"), fail: count("FAIL") };
}

/** Widths of the four columns within `width`: result and check as needed, the rest shared by the texts. */
function columnWidths(rows: readonly ConformanceRow[], width: number): number[] {
  const longest = (column: keyof ConformanceRow, cap: number) =>
    Math.min(cap, Math.max(column.length, ...rows.map((row) => row[column].length)));
  const result = longest("result", 24);
  const check = longest("check", Math.max(12, Math.min(30, Math.floor(width * 0.25))));
  const room = Math.max(24, width - INDENT.length - 3 * GAP.length - result - check);
  const expected = Math.min(longest("expected", 60), Math.max(12, Math.floor(room * 0.4)));
  return [result, check, expected, Math.max(12, room - expected)];
}

/** One row as lines: each cell wrapped to its column, the columns side by side. */
function rowLines(cells: readonly string[], widths: readonly number[]): string[] {
  const wrapped = cells.map((cell, i) => wrap(cell, widths[i] ?? 12));
  const height = Math.max(...wrapped.map((lines) => lines.length));
  return Array.from({ length: height }, (_, line) =>
    (INDENT + wrapped.map((lines, i) => (lines[line] ?? "").padEnd(widths[i] ?? 0)).join(GAP)).trimEnd(),
  );
}

/** One service's summary: its counts, and the cause when it was down or the header note. */
export function serviceSummary(report: VerifyReport, service: ServiceName): string {
  const rows = report.rows.filter((row) => row.service === service);
  const { pass, fail } = tally(rows);
  const note = report.services.find((s) => s.service === service);
  const counts = [
    fail > 0 ? `${fail} of ${rows.length} FAIL` : `no FAIL of ${rows.length}`,
    `${pass} pass`,
  ].join(", ");
  const why = note?.down ? `; down: ${note.down}` : "";
  const page = note?.pageMaximum === undefined ? "" : `; page maximum ${note.pageMaximum}`;
  // How far the metadata indexer has read the chain: compare with a Stacks node's tip to see its lag.
  const tip =
    note?.chainTip === undefined
      ? ""
      : note.chainTip === null
        ? "; indexer chain tip: none yet (no block processed)"
        : `; indexer chain tip: block ${Math.trunc(Number(note.chainTip.block_height))} (${printable(String(note.chainTip.index_block_hash), 70)})`;
  const header =
    note?.prismHeader && !report.mocks.includes(service)
      ? "; it sends Prism's sl-violations header (a mock?), which never passes a check: use --mock for the embedded mock"
      : "";
  return `${service}: ${counts}${page}${tip}${why}${header}`;
}

/** The table for a terminal `width` characters wide, a summary per service, then the totals. */
export function formatTable(report: VerifyReport, width: number): string {
  const widths = columnWidths(report.rows, width);
  const out: string[] = [];
  for (const { service, url } of report.services) {
    const rows = report.rows.filter((row) => row.service === service);
    const mock = report.mocks.includes(service) ? " (the embedded mock, --mock)" : "";
    // A base URL behind a proxy can be long: the heading wraps like the rest (mid-URL where it must).
    out.push(
      ...wrap(`${service} at ${url}${mock}`, width - 2).map((line, i) =>
        i === 0 ? line : `${INDENT}${line}`,
      ),
    );
    out.push(...rowLines(COLUMNS, widths));
    for (const row of rows)
      out.push(
        ...rowLines(
          COLUMNS.map((column) => row[column]),
          widths,
        ),
      );
    out.push(...wrap(serviceSummary(report, service), width - 2).map((line) => `${INDENT}${line}`), "");
  }
  const { pass, fail } = tally(report.rows);
  out.push(`${pass} pass, ${fail} FAIL`, "");
  return out.join("\n");
}

/** The closing line when something FAILed: how many, and in which services. */
export function failureLine(report: VerifyReport): string {
  const { fail } = tally(report.rows);
  const failing = report.services
    .map(({ service }) => {
      const rows = report.rows.filter((row) => row.service === service);
      const failed = tally(rows).fail;
      return failed > 0
        ? `${service} ${failed} of ${rows.length}${report.services.find((s) => s.service === service)?.down ? " (down)" : ""}`
        : "";
    })
    .filter((text) => text !== "");
  return `verify: ${fail} of ${report.rows.length} checks FAIL: ${failing.join(", ")}`;
}
