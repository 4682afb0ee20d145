/**
 * Real-browser check of the rendered API reference (docs/index.html): Debian Chromium through
 * playwright-core, page served from 127.0.0.1. Runs only with HIRO_BROWSER_TESTS=1 (see vitest.config.ts).
 */
import { mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs, DOCS_FILE } from "../../scripts/lib/docs-site.js";
import { type StaticServer, startStaticServer } from "../../scripts/lib/static-server.js";
import { launchChromium } from "../helpers/chromium.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCREENSHOT = resolve(ROOT, "reports/docs.png");
const TIMEOUT = 60_000;
const OPERATIONS = [
  { tag: "Tokens", summary: "Get semi-fungible token metadata" },
  { tag: "Satoshis", summary: "List the inscriptions on a satoshi" },
  { tag: "Runes", summary: "List the rune activity of a transaction" },
] as const;

/**
 * In-page check (a string: no bundler helpers inside): tables and code blocks fit their column; a code
 * block's long line scrolls inside the block, and a table scrolls inside its wrapper only where
 * `tablesScroll` allows it (a phone's width, not a desktop's).
 */
const overflowCheck = (
  tablesScroll: boolean,
) => `[...document.querySelectorAll("table, pre")].flatMap((el) => {
  const box = el.parentElement.classList.contains("md-table-wrapper") ? el.parentElement : el;
  const parent = box.parentElement.getBoundingClientRect();
  const rect = box.getBoundingClientRect();
  const out = [];
  if (el.tagName === "TABLE" && !${tablesScroll} && box.scrollWidth > box.clientWidth + 1) out.push("table scrolls sideways (" + box.scrollWidth + " > " + box.clientWidth + " px): " + el.textContent.slice(0, 40));
  if (rect.right > parent.right + 1) out.push(el.tagName + " wider than its column: " + el.textContent.slice(0, 40));
  if (el.tagName === "TABLE" && el.closest("li") && box.scrollWidth > box.clientWidth + 1) out.push("list table overflows: " + el.textContent.slice(0, 40));
  return out;
})`;

/**
 * In-page check of the guide: the page's scroll width, how many tables it has, each table or code
 * block whose box runs past the page's column, and each table that hides columns behind a sideways
 * scroll (code blocks may scroll).
 */
const GUIDE_LAYOUT_CHECK = `(() => {
  const column = document.querySelector("main").getBoundingClientRect();
  const right = Math.min(column.right, window.innerWidth) + 1;
  const problems = [...document.querySelectorAll("main table, main pre")].flatMap((el) => {
    const text = el.textContent.trim().slice(0, 40);
    const out = [];
    if (el.getBoundingClientRect().right > right) out.push(el.tagName + " runs off the page: " + text);
    if (el.tagName === "TABLE" && el.scrollWidth > el.clientWidth + 1) out.push("table scrolls sideways: " + text);
    return out;
  });
  return {
    pageWidth: document.documentElement.scrollWidth,
    tables: document.querySelectorAll("main table").length,
    problems,
  };
})()`;

/**
 * In-page check: no line of a code sample or example breaks inside a name (an identifier, a hash, a
 * principal): for each two neighbouring characters of a word on one source line, their boxes share a
 * top. Returns each break as "…before|after…".
 */
const IDENTIFIER_BREAK_CHECK = `[...document.querySelectorAll("pre, .redoc-json")].flatMap((block) => {
  const out = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  let prev = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch === "\\n") { prev = null; continue; }
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect || rect.width === 0) continue;
      const top = Math.round(rect.top);
      if (prev && Math.abs(top - prev.top) > 2 && /[\\w$.-]/.test(prev.ch) && /[\\w$.-]/.test(ch))
        out.push(text.slice(Math.max(0, i - 12), i) + "|" + text.slice(i, i + 12));
      prev = { ch, top };
    }
  }
  return out;
})`;

/** In-page check: a code name in a table sits on one line (its rects share one top). */
const MIDWORD_CHECK = `[...document.querySelectorAll("table code")].filter((code) => {
  const tops = new Set([...code.getClientRects()].map((r) => Math.round(r.top)));
  return tops.size > 1;
}).map((code) => code.textContent)`;

async function mtime(file: string): Promise<number> {
  return (await stat(file).catch(() => undefined))?.mtimeMs ?? 0;
}

/** Rebuilds the docs unless docs/index.html is newer than the spec and the build script. */
async function ensureDocs(): Promise<void> {
  const built = await mtime(DOCS_FILE);
  const inputs = await Promise.all(
    ["openapi.yaml", "docs/guide.md", "scripts/lib/docs-site.ts", "scripts/lib/portal.ts"].map((f) =>
      mtime(resolve(ROOT, f)),
    ),
  );
  if (built <= Math.max(...inputs)) await buildDocs();
}

/**
 * Expands a sidebar tag until `summary` shows under it. Clicks before hydration are lost and opening
 * one tag can fold another, so check first and retry.
 */
async function expandTag(page: Page, tag: string, summary: string): Promise<Locator> {
  const item = page.getByTestId("menu-item-label").filter({ hasText: summary });
  for (let attempt = 0; attempt < 10; attempt++) {
    if (await item.isVisible()) return item;
    await page
      .getByTestId("menu-item-label")
      .filter({ hasText: new RegExp(`^${tag}$`) })
      .click();
    await item.waitFor({ state: "visible", timeout: 1_500 }).catch(() => undefined);
  }
  throw new Error(`sidebar tag ${tag} did not show "${summary}"`);
}

/** Opens an operation from the sidebar; retried because the sidebar can re-render under the click. */
async function openOperation(page: Page, tag: string, summary: string, route: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const item = await expandTag(page, tag, summary);
    await item.click({ timeout: 2_000 }).catch(() => undefined);
    const opened = await page.waitForURL(route, { timeout: 3_000, waitUntil: "commit" }).then(
      () => true,
      () => false,
    );
    if (opened) return;
  }
  throw new Error(`clicking "${summary}" did not open ${route}`);
}

describe("rendered API reference in Chromium", { timeout: TIMEOUT }, () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const outside: string[] = [];
  const consoleErrors: string[] = [];
  const failed: string[] = [];

  beforeAll(async () => {
    await ensureDocs();
    server = await startStaticServer(dirname(DOCS_FILE));
    // launch() gives Chromium a fresh temporary --user-data-dir and deletes it on close.
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(10_000);
    const local = new URL(server.url).origin;
    page.on("request", (request) => {
      const url = request.url();
      if (!/^(data|blob):/.test(url) && new URL(url).origin !== local) outside.push(url);
    });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${server.url}/`, { waitUntil: "load" });
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("has the page title and lists every operation under its sidebar tag", async () => {
    expect(await page.title()).toBe("hiro-lookup API reference");
    for (const { tag, summary } of OPERATIONS) {
      // Assert right after expanding: opening a later tag may fold this one again.
      await expect.poll(async () => (await expandTag(page, tag, summary)).isVisible()).toBe(true);
    }
  });

  it("opens getSftMetadata with its parameters, examples and TypeScript sample", async () => {
    await openOperation(page, "Tokens", OPERATIONS[0].summary, /getsftmetadata/i);
    for (const name of ["principal", "token_id", "locale"]) {
      const param = page.locator("span.schema-name").filter({ hasText: new RegExp(`^${name}$`) });
      await expect.poll(() => param.first().isVisible(), { message: `parameter ${name}` }).toBe(true);
    }
    const example = page.getByText("SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1").first();
    await expect.poll(() => example.isVisible(), { message: "principal example" }).toBe(true);
    const sample = page.getByText("createLookupClient", { exact: true }).first();
    await expect.poll(() => sample.isVisible(), { message: "TypeScript code sample" }).toBe(true);
    await mkdir(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
  });

  it("opens getSatoshiInscriptions with ordinal, offset and limit", async () => {
    await openOperation(page, "Satoshis", OPERATIONS[1].summary, /getsatoshiinscriptions/i);
    for (const name of ["ordinal", "offset", "limit"]) {
      const param = page.locator("span.schema-name").filter({ hasText: new RegExp(`^${name}$`) });
      await expect.poll(() => param.first().isVisible(), { message: `parameter ${name}` }).toBe(true);
    }
  });

  it("links the guide, whose page links back to the reference", async () => {
    await page.goto(`${server?.url}/`, { waitUntil: "load" });
    await page.getByRole("link", { name: "hiro-lookup guide" }).first().click();
    await page.waitForURL(/guide\.html$/);
    expect(await page.title()).toBe("hiro-lookup guide");
    await page.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(/index\.html$/);
    await expect.poll(() => page.getByText("Hiro Lookup API").first().isVisible()).toBe(true);
  });

  for (const width of [1280, 390]) {
    it(`lays out at ${width} px: no overflowing table or sample, no name broken mid-word${width === 1280 ? ", no table scrolling sideways" : ""}`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server?.url}/#/runes/gettransactionactivity`, { waitUntil: "load" });
      await expect.poll(() => page.locator("pre").first().isVisible()).toBe(true);
      await mkdir(resolve(ROOT, "reports"), { recursive: true });
      await page.screenshot({ path: resolve(ROOT, `reports/docs-${width}.png`) });
      const problems = await page.evaluate(overflowCheck(width < 600));
      expect(problems).toEqual([]);
      // A long code line scrolls inside its block; the page itself never scrolls sideways.
      expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
      const samples = await page.evaluate(`document.querySelectorAll("pre, .redoc-json").length`);
      expect(samples).toBeGreaterThan(0);
      expect(await page.evaluate(IDENTIFIER_BREAK_CHECK), "code lines broken inside a name").toEqual([]);
      if (width >= 1280) {
        // A desktop shows every sample's lines whole: none is cut off behind a sideways scroll.
        const cut = await page.evaluate(
          `[...document.querySelectorAll("pre")].filter((p) => p.getBoundingClientRect().width > 0 && p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent.slice(0, 40))`,
        );
        expect(cut, "code samples cut off at 1280 px").toEqual([]);
      }
      await page.goto(`${server?.url}/`, { waitUntil: "load" });
      await expect.poll(() => page.locator("table code").first().isVisible()).toBe(true);
      // The intro's operation table, on the first screen: every column in view, nothing to scroll.
      expect(await page.evaluate(overflowCheck(width < 600))).toEqual([]);
      const intro = await page.evaluate(`(() => {
        const wrapper = document.querySelector(".md-table-wrapper");
        const cells = [...wrapper.querySelectorAll("tbody tr:first-child td")];
        return { scrolls: wrapper.scrollWidth > wrapper.clientWidth + 1, narrowest: Math.min(...cells.map((c) => c.getBoundingClientRect().width)) };
      })()`);
      // Never clipped (a phone shows its rows as cards), never squeezed (each cell at least 180 px wide).
      expect(intro).toMatchObject({ scrolls: false });
      expect((intro as { narrowest: number }).narrowest).toBeGreaterThanOrEqual(180);
      const broken = await page.evaluate(MIDWORD_CHECK);
      expect(broken).toEqual([]);
    });
  }

  it("gives the guide a table of contents whose links reach each section's anchored heading", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server?.url}/guide.html`, { waitUntil: "load" });
    const toc = page.getByRole("navigation", { name: "Contents" });
    const entries = await toc
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => ({ text: link.textContent, href: link.getAttribute("href") })),
      );
    const sections = await page
      .locator("main > h2[id]")
      .evaluateAll((headings) =>
        headings.map((h) => ({ id: h.id, anchor: h.querySelector("a.anchor")?.getAttribute("href") })),
      );
    expect(sections.length).toBeGreaterThanOrEqual(8);
    expect(entries.map((e) => e.href)).toEqual(sections.map((s) => `#${s.id}`));
    for (const s of sections) expect(s.anchor).toBe(`#${s.id}`);
    expect(entries.map((e) => e.text)).toContain("Quirks");
    await toc.getByRole("link", { name: "Quirks" }).click();
    await page.waitForURL(/guide\.html#quirks$/);
    const top = await page.locator("#quirks").evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);
  });

  it("lays the guide out at 390 px: the page does not scroll sideways, every table stays in its column, no code line breaks inside a name", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server?.url}/guide.html`, { waitUntil: "load" });
    await mkdir(resolve(ROOT, "reports"), { recursive: true });
    // The first screen as a picture, for a person to look at. Not the whole page: Chromium takes 14 s to
    // paint all of this long guide on an idle 2-core machine, and over a minute on a busy one. The checks
    // below read the layout of every table and sample from the DOM, whole page included.
    await page.screenshot({ path: resolve(ROOT, "reports/guide-390.png") });
    const layout = (await page.evaluate(GUIDE_LAYOUT_CHECK)) as {
      pageWidth: number;
      tables: number;
      problems: string[];
    };
    expect(layout.pageWidth, "the page scrolls sideways").toBeLessThanOrEqual(390);
    expect(layout.tables).toBeGreaterThan(0);
    expect(layout.problems).toEqual([]);
    expect(await page.evaluate(IDENTIFIER_BREAK_CHECK), "code lines broken inside a name").toEqual([]);
  });

  it("loads nothing from outside 127.0.0.1, logs no console error and has no failed request", () => {
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(failed).toEqual([]);
  });
});
