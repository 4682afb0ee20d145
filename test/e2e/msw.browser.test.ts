/**
 * `hiro-lookup/msw` in a real browser: one page (Debian Chromium through playwright-core) starts MSW's
 * `setupWorker` with `createHandlers()` and runs the lookups against it — the mock's answers and a typed
 * override, with no server behind the API. Runs only with HIRO_BROWSER_TESTS=1 (see vitest.config.ts).
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS } from "../../scripts/lib/runtimes.js";
import { type StaticServer, startStaticServer } from "../../scripts/lib/static-server.js";
import { ROOT } from "../helpers/spec.js";

const PAGE_SCRIPT = `
import { setupWorker } from "msw/browser";
import { createLookupClient } from "${ROOT}src/index.ts";
import { createHandlers } from "${ROOT}src/msw/index.ts";

const base = location.origin;
const worker = setupWorker(...createHandlers({ baseUrl: base }));
const client = createLookupClient({ baseUrl: base, maxRetries: 0 });
const run = async () => {
  await worker.start({ quiet: true, onUnhandledRequest: "error", serviceWorker: { url: "/mockServiceWorker.js" } });
  const unknownSat = await client.getSatoshiInscriptions({ ordinal: 5000000000 });
  const token = await client.getSftMetadata({ principal: "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1", token_id: 35 });
  worker.use(...createHandlers({ baseUrl: base, overrides: { getSftMetadata: { status: 404, body: { error: "Token not found" } } } }));
  const missing = await client.getSftMetadata({ principal: "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1", token_id: 35 }).catch((e) => e.kind);
  return { unknownSat, name: token.metadata?.name, missing };
};
run().then((result) => { window.__result = result; }, (error) => { window.__result = { error: String(error) }; });
`;

let dir: string;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hiro-msw-browser-"));
  writeFileSync(join(dir, "entry.ts"), PAGE_SCRIPT);
  await build({
    entryPoints: [join(dir, "entry.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    outfile: join(dir, "page.js"),
    nodePaths: [join(ROOT, "node_modules")],
    logLevel: "error",
  });
  copyFileSync(join(ROOT, "node_modules/msw/lib/mockServiceWorker.js"), join(dir, "mockServiceWorker.js"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><title>msw</title><script type="module" src="/page.js"></script>',
  );
  server = await startStaticServer(dir);
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("hiro-lookup/msw in Chromium (setupWorker)", () => {
  it("answers the lookups as the mock does, and takes an override", async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.url)) outside.push(request.url());
    });
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction("window.__result !== undefined", undefined, { timeout: 30_000 });
    const result = await page.evaluate("window.__result");
    expect(result).toEqual({
      unknownSat: { limit: 20, offset: 0, total: 0, results: [] },
      name: "key-alex-autoalex-v1 #35",
      missing: "not_found",
    });
    expect(outside).toEqual([]);
  }, 60_000);
});
