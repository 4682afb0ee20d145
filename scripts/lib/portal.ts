/**
 * The docs portal around the Redoc page: the guide rendered to HTML beside it, and the
 * post-processing that makes the Redoc page fully offline and fixes its layout.
 */
import { Marked } from "marked";

/** The guide's page, beside the reference (`index.html`) in the same folder. */
export const GUIDE_PAGE = "guide.html";
/** The reference's page, as linked from the guide. */
export const REFERENCE_PAGE = "index.html";

/** An inline favicon, so the browser does not ask the server for `/favicon.ico` (a 404). */
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0044d4"/><text x="8" y="12" font-family="sans-serif" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">h</text></svg>',
  );

/**
 * The footer "API docs by" logo, inline: Redoc sets its `<img src>` to Redocly's CDN from script,
 * and no Redoc option drops it. Same wordmark text, no request.
 */
function redoclyLogo(width: number, text: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="14" viewBox="0 0 ${width} 14"><text x="0" y="11" font-family="sans-serif" font-size="11" font-weight="bold" fill="#0044d4">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
const CDN_LOGOS: ReadonlyArray<[RegExp, string]> = [
  [/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini-full\.svg/g, redoclyLogo(48, "Redocly")],
  [/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg/g, redoclyLogo(12, "R")],
];

/** Layout fixes for the Redoc page, checked at 1280 and 390 px by test/e2e/docs.browser.test.ts. */
const REFERENCE_CSS = `
/* hiro-lookup: names in code spans (operation ids, fields) never break inside a word in a table. A
   table whose column is narrower than 36rem (a phone) shows each row as a card, its cells one under
   the other, the first in bold: nothing is cut off or hidden behind a sideways scroll. */
.md-table-wrapper { container-type: inline-size; }
.md-table-wrapper code { white-space: nowrap; word-break: normal; overflow-wrap: normal; padding: 0 3px; }
.md-table-wrapper th, .md-table-wrapper td { padding: 6px 8px; }
@container (max-width: 36rem) {
  .md-table-wrapper table, .md-table-wrapper tbody, .md-table-wrapper tr, .md-table-wrapper td { display: block; width: auto; }
  .md-table-wrapper thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .md-table-wrapper tr { border: 1px solid rgba(127, 127, 127, 0.3); border-radius: 6px; margin: 0 0 0.5rem; padding: 0.25rem 0.5rem; }
  .md-table-wrapper td { border: none; padding: 0.15rem 0; overflow-wrap: anywhere; }
  .md-table-wrapper td:first-child { font-weight: 600; }
}
/* Code samples keep their lines: a line too long for a narrow screen scrolls inside its block (never
   wraps inside an identifier, a hash or a principal), and keeps clear of the copy button in the
   block's top-right corner. */
pre { white-space: pre !important; overflow-wrap: normal !important; word-break: normal !important; overflow-x: auto !important; }
div:has(> .code-block-header) > pre { padding-right: 2.75rem !important; }
`;

function headExtras(css: string): string {
  return `<link rel="icon" href="${FAVICON}">\n<style>${css}</style>\n`;
}

/**
 * Post-processes the page Redocly built: no CDN logo, an inline favicon and the layout CSS.
 * @throws when the page has no `</head>` (Redocly's output changed shape).
 */
export function postProcessReference(html: string): string {
  if (!html.includes("</head>")) throw new Error("the Redocly page has no </head>");
  let out = html;
  for (const [url, inline] of CDN_LOGOS) out = out.replace(url, inline);
  return out.replace("</head>", `${headExtras(REFERENCE_CSS)}</head>`);
}

/**
 * A Markdown line in front of the spec's description: reference → guide. The number of lookups is that
 * of the operations the page documents (`operationIds`), never written by hand.
 */
export function guideLinkMarkdown(operationIds: readonly string[]): string {
  const lookups = operationIds.length === 1 ? "the lookup" : `the ${operationIds.length} lookups`;
  return `**New here?** Read the [hiro-lookup guide](${GUIDE_PAGE}): install, ${lookups}, paging, errors, retries and the services' quirks.`;
}

const GUIDE_CSS = `
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328; }
a { color: #0044d4; }
header { border-bottom: 1px solid #d0d7de; padding: 0.75rem 1rem; display: flex; gap: 1.25rem; flex-wrap: wrap; }
header a { color: #0044d4; text-decoration: none; font-weight: 600; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem; }
code { font: 0.875em/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #f3f4f6; padding: 0.1em 0.3em; border-radius: 4px; }
pre { background: #f6f8fa; padding: 0.75rem 1rem; border-radius: 6px; overflow-x: auto; }
pre code { background: none; padding: 0; }
table { border-collapse: collapse; display: block; overflow-x: auto; max-width: 100%; }
h1 .anchor, h2 .anchor, h3 .anchor, h4 .anchor { color: #8c959f; text-decoration: none; font-weight: normal; visibility: hidden; }
h1:hover .anchor, h2:hover .anchor, h3:hover .anchor, h4:hover .anchor, .anchor:focus { visibility: visible; }
h1, h2, h3, h4 { scroll-margin-top: 1rem; }
nav.toc { border: 1px solid #d0d7de; border-radius: 6px; padding: 0.5rem 1rem; margin: 1rem 0; }
nav.toc h2 { font-size: 1rem; margin: 0.25rem 0; }
nav.toc ul { margin: 0.25rem 0; padding-left: 1.25rem; }
th, td { border: 1px solid #d0d7de; padding: 0.35rem 0.6rem; text-align: left; vertical-align: top; }
td code, th code { white-space: nowrap; }
/* Inline code in running text may break anywhere rather than widen the page. */
p code, li code { overflow-wrap: anywhere; }
/* A narrow screen shows each table row as a card of "heading: value" lines (labels: data-label). */
@media (max-width: 40rem) {
  table, thead, tbody, tr, th, td { display: block; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  tr { border: 1px solid #d0d7de; border-radius: 6px; margin: 0 0 0.75rem; padding: 0.25rem 0.5rem; }
  td { border: none; padding: 0.2rem 0; overflow-wrap: anywhere; }
  td::before { content: attr(data-label) ": "; font-weight: 600; }
}
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Gives each table cell its column's heading as `data-label`, so that on a narrow screen the guide's
 * CSS shows a table row as a card of `label: value` lines instead of a table wider than the page.
 */
export function labelTableCells(html: string): string {
  return html.replace(/<table>[\s\S]*?<\/table>/g, (table) => {
    const labels = [...table.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
      escapeHtml((match[1] ?? "").replace(/<[^>]*>/g, "")),
    );
    return table.replace(/<tr>([\s\S]*?)<\/tr>/g, (_row, cells: string) => {
      let column = 0;
      const labelled = cells.replace(/<td\b/g, () => `<td data-label="${labels[column++] ?? ""}"`);
      return `<tr>${labelled}</tr>`;
    });
  });
}

/**
 * A heading's anchor id, as GitHub makes them (so a link to the guide on GitHub and on this page
 * agree): lower case, Markdown and punctuation dropped, spaces to hyphens; a repeat gets `-1`, `-2`….
 */
export function headingSlug(text: string, taken: Map<string, number>): string {
  const base = text
    .replace(/<[^>]*>/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");
  const seen = taken.get(base) ?? 0;
  taken.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

/**
 * Renders the guide's Markdown to a standalone page that links back to the reference: every heading
 * carries an id and a `#` link to itself, and a table of contents of the sections follows the title.
 */
export function renderGuide(markdown: string, title: string): string {
  const slugs = new Map<string, number>();
  const sections: Array<{ id: string; html: string }> = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }) {
        const html = this.parser.parseInline(tokens);
        const id = headingSlug(text.replace(/`/g, ""), slugs);
        if (depth === 2) sections.push({ id, html });
        const anchor = `<a class="anchor" href="#${id}" aria-label="Link to this section">#</a>`;
        return `<h${depth} id="${id}">${html} ${anchor}</h${depth}>\n`;
      },
    },
  });
  const rendered = labelTableCells(marked.parse(markdown, { async: false }));
  const toc = `<nav class="toc" aria-label="Contents">\n<h2>Contents</h2>\n<ul>\n${sections
    .map(({ id, html }) => `<li><a href="#${id}">${html}</a></li>`)
    .join("\n")}\n</ul>\n</nav>\n`;
  // After the title (the first heading), before the first section.
  const cut = rendered.indexOf("</h1>");
  const body = cut < 0 ? toc + rendered : `${rendered.slice(0, cut + 6)}${toc}${rendered.slice(cut + 6)}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${headExtras(GUIDE_CSS)}</head>
<body>
<header><a href="${GUIDE_PAGE}">Guide</a><a href="${REFERENCE_PAGE}">API reference</a></header>
<main>
${body}</main>
</body>
</html>
`;
}
