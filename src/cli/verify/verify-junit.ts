/**
 * `verify --junit <file>`: the conformance rows as JUnit XML, the report format CI systems read (GitHub
 * Actions test reporters, GitLab, Jenkins). One testsuite per service, one testcase per check; a FAIL is a
 * `<failure>` with what was expected and what came (every check is judged: none is skipped). Server text
 * reaches the file only XML-escaped and without control characters.
 */
import type { ServiceName } from "../../index.js";
import type { ConformanceRow, VerifyReport } from "./verify.js";

/**
 * Characters XML 1.0 does not allow, the C1 controls and DEL a terminal would act on, and the format
 * characters that reorder or hide text: each becomes a space. Tab, line feed and carriage return stay.
 */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/g;
/** A surrogate without its pair: not a character, so not XML. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` as XML character data or an attribute value: controls removed, markup characters escaped. */
export function xmlText(text: string): string {
  return text
    .replace(CONTROL, " ")
    .replace(LONE_SURROGATE, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** One check as a testcase: passed, or failed (with what was expected and what came). */
function testcase(row: ConformanceRow): string {
  const open = `    <testcase classname="hiro-lookup.verify.${row.service}" name="${xmlText(row.check)}"`;
  if (row.result === "pass") return `${open}/>`;
  const message = xmlText(`expected ${row.expected}; got ${row.got}`);
  const body = xmlText(`expected: ${row.expected}\ngot: ${row.got}`);
  return `${open}>\n      <failure message="${message}" type="FAIL">${body}</failure>\n    </testcase>`;
}

/** The report as a JUnit XML document: a testsuite per service verified, in the report's order. */
export function junitXml(report: VerifyReport): string {
  const services = [...new Set(report.rows.map((row) => row.service))] as ServiceName[];
  const count = (rows: readonly ConformanceRow[], result: ConformanceRow["result"]) =>
    rows.filter((row) => row.result === result).length;
  const suites = services.map((service) => {
    const rows = report.rows.filter((row) => row.service === service);
    const url = report.services.find((note) => note.service === service)?.url ?? "";
    const attributes = [
      `name="hiro-lookup verify ${service}"`,
      `tests="${rows.length}"`,
      `failures="${count(rows, "FAIL")}"`,
      `errors="0"`,
      `skipped="0"`,
    ].join(" ");
    const properties =
      url === ""
        ? ""
        : `    <properties>\n      <property name="url" value="${xmlText(url)}"/>\n    </properties>\n`;
    return `  <testsuite ${attributes}>\n${properties}${rows.map(testcase).join("\n")}\n  </testsuite>`;
  });
  const all = report.rows;
  const totals = `tests="${all.length}" failures="${count(all, "FAIL")}" errors="0" skipped="0"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="hiro-lookup verify" ${totals}>\n${suites.join("\n")}\n</testsuites>\n`;
}
