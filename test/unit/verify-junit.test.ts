/**
 * `verify --junit`: the conformance rows as JUnit XML, one testcase per check, a FAIL with its message,
 * a check a mock cannot show skipped; server text escaped, control characters gone.
 */
import { describe, expect, it } from "vitest";
import type { VerifyReport } from "../../src/cli/verify/verify.js";
import { junitXml, xmlText } from "../../src/cli/verify/verify-junit.js";

const REPORT: VerifyReport = {
  rows: [
    { check: "sample token", service: "metadata", expected: "200", got: "200", result: "pass" },
    {
      check: "unknown token",
      service: "metadata",
      expected: "404 <Token not found>",
      got: 'status 500 "oops" & \u001b[31mred\u001b[0m\u0000',
      result: "FAIL",
    },
    { check: "ETag", service: "ordinals", expected: "304", got: "304", result: "pass" },
  ],
  mocks: [],
  services: [
    { service: "metadata", url: "http://127.0.0.1:3999/?a=1&b=2", prismHeader: false },
    { service: "ordinals", url: "http://127.0.0.1:3000", prismHeader: false },
  ],
};

describe("verify's JUnit XML", () => {
  const xml = junitXml(REPORT);

  it("has a testsuite per service and a testcase per check, with the counts CI shows", () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="hiro-lookup verify" tests="3" failures="1" errors="0" skipped="0">',
      ),
    ).toBe(true);
    expect(xml).toContain(
      '<testsuite name="hiro-lookup verify metadata" tests="2" failures="1" errors="0" skipped="0">',
    );
    expect(xml).toContain(
      '<testsuite name="hiro-lookup verify ordinals" tests="1" failures="0" errors="0" skipped="0">',
    );
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<testcase classname="hiro-lookup.verify.metadata" name="sample token"/>');
    // Every check is judged (the embedded mock answers as upstream does): nothing is skipped.
    expect(xml).not.toContain("<skipped");
    expect(xml).toContain('<property name="url" value="http://127.0.0.1:3999/?a=1&amp;b=2"/>');
  });

  it("a FAIL is a failure whose message says what was expected and what came, escaped, without controls", () => {
    expect(xml).toContain(
      '<failure message="expected 404 &lt;Token not found&gt;; got status 500 &quot;oops&quot; &amp;  [31mred [0m " type="FAIL">',
    );
    expect(xml).toContain("expected: 404 &lt;Token not found&gt;\ngot: status 500");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be in the file.
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
  });

  it("escapes every markup character and drops lone surrogates", () => {
    expect(xmlText(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
    expect(xmlText("a\uD800b\uDFFFc 😀")).toBe("a b c 😀");
  });
});
