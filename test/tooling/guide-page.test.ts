/**
 * The guide's page as scripts/build-docs.ts renders it (docs/guide.html): a table of contents of its
 * sections, an id and a `#` link on every heading, and a label on every table cell (a narrow screen
 * shows rows as labelled cards). test/e2e/docs.browser.test.ts checks the same page in Chromium.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { headingSlug, renderGuide } from "../../scripts/lib/portal.js";
import { ROOT } from "../helpers/spec.js";

const markdown = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
const html = renderGuide(markdown, "hiro-lookup guide");

it("lists every section of the guide in a table of contents after the title, each linking its heading", () => {
  const sections = [...markdown.matchAll(/^## (.+)$/gm)].map((m) => (m[1] ?? "").replace(/`/g, ""));
  expect(sections.length).toBeGreaterThanOrEqual(8);
  const toc = /<nav class="toc" aria-label="Contents">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  const links = [...toc.matchAll(/<a href="#([^"]+)">/g)].map((m) => m[1]);
  expect(links).toHaveLength(sections.length);
  expect(html.indexOf('<nav class="toc"')).toBeGreaterThan(html.indexOf("</h1>"));
  for (const id of links) {
    expect(html).toContain(`<h2 id="${id}">`);
    expect(html).toContain(`<a class="anchor" href="#${id}"`);
  }
  expect(links).toContain("quirks");
  expect(links).toContain("base-urls-one-per-service");
});

it("makes GitHub-style heading ids, a repeated heading getting -1", () => {
  const taken = new Map<string, number>();
  expect(headingSlug("Base URLs: one per service", taken)).toBe("base-urls-one-per-service");
  expect(headingSlug("Conditional requests, pending metadata", taken)).toBe(
    "conditional-requests-pending-metadata",
  );
  expect(headingSlug("Base URLs: one per service", taken)).toBe("base-urls-one-per-service-1");
});

it("labels every table cell with its column's heading", () => {
  const cells = [...html.matchAll(/<td\b[^>]*>/g)].map((m) => m[0]);
  expect(cells.length).toBeGreaterThan(10);
  for (const cell of cells) expect(cell).toMatch(/ data-label="[^"]+"/);
  expect(html).toContain('<td data-label="class"><code>HiroValidationError</code>');
});
