/**
 * `hiro-lookup/msw` in a real browser: one Chromium page (Debian's, through playwright-core) runs the
 * client against `setupWorker(...createHandlers({ baseUrl }))` from `msw/browser`, served from 127.0.0.1
 * with MSW's `mockServiceWorker.js`, once with each release the peer range is tested at: msw 2.10.0 (its
 * oldest), 2.15.0 (the newest 2.x) and 3.0.5. The page's lookups go to `https://indexer.test`, which the
 * worker answers; any request that would leave 127.0.0.1 is aborted and recorded. Runs only with
 * HIRO_BROWSER_TESTS=1 (see vitest.config.ts).
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureMsw3 } from "../../scripts/lib/msw3.js";
import { type StaticServer, startStaticServer } from "../../scripts/lib/static-server.js";
import { type MockExample, mockExamples } from "../../src/generated/mock-examples.js";
import { answerFor } from "../../src/mock/index.js";
import { launchChromium, loopbackOnlyContext } from "../helpers/chromium.js";
import { ROOT } from "../helpers/spec.js";

const TIMEOUT = 60_000;
/** A sat the spec's examples give several pages: its second page of 2 is a slice the rules cut. */
const EXAMPLES: Readonly<Record<string, readonly MockExample[]>> = mockExamples;
const sats = (EXAMPLES.getSatoshiInscriptions ?? []).flatMap((e) =>
  e.request ? [e.request.path.ordinal] : [],
);
const PAGED_SAT = sats.find((sat) => sats.indexOf(sat) !== sats.lastIndexOf(sat)) ?? "";
const SECOND_PAGE = answerFor("getSatoshiInscriptions", {
  path: { ordinal: PAGED_SAT },
  query: new URLSearchParams({ offset: "2", limit: "2" }),
})?.body;
/** A token id no example names: the rules answer it 404. */
const UNKNOWN_TOKEN = 123_456_789;

/**
 * The page's script: the client, the kit and msw's worker, bundled as an app's bundler would.
 * `unhandled` is the release's option for a request no handler answers (msw 3 renamed it `onUnhandledFrame`).
 */
const pageScript = (unhandled: string) => `
import { createLookupClient } from ${JSON.stringify(join(ROOT, "src/index.ts"))};
import { createHandlers } from ${JSON.stringify(join(ROOT, "src/msw/index.ts"))};
import { setupWorker } from "msw/browser";

const baseUrl = "https://indexer.test";
const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const worker = setupWorker(...createHandlers({ baseUrl }));
const failure = (e) => ({ name: e.name, kind: e.kind, retryAfterMs: e.retryAfterMs, message: e.message });
async function run() {
  await worker.start({ ${unhandled}: "error", quiet: true });
  const client = createLookupClient({ baseUrl, maxRetries: 0 });
  const token = await client.getSftMetadata({ principal, token_id: 35 });
  const page = await client.getSatoshiInscriptions({ ordinal: "${PAGED_SAT}", offset: 2, limit: 2 });
  const unknown = await client.getTransactionActivity({ tx_id: "ab".repeat(32), limit: 7 });
  worker.use(...createHandlers({ baseUrl, overrides: { getSftMetadata: {
    status: 429, headers: { "Retry-After": "3" }, body: { message: "API rate limit exceeded" } } } }));
  const limited = await client.getSftMetadata({ principal, token_id: 35 }).then(() => "no error", failure);
  worker.resetHandlers();
  const missing = await client.getSftMetadata({ principal, token_id: ${UNKNOWN_TOKEN} }).then(() => "no error", failure);
  return { name: token.metadata?.name, page, unknown, limited, missing };
}
window.results = run().catch((e) => ({ error: String(e && e.stack || e) }));
`;

/**
 * The msw releases the page runs with: the oldest the peer range admits and the newest 2.x (this
 * repository's installs of them), and msw 3, installed on demand (scripts/lib/msw3.ts: it needs Node 22.12
 * on a server, so it is no devDependency; in a page it needs only the browser).
 */
const RELEASES = ["msw-oldest", "msw", "msw-3"] as const;
const UNHANDLED_OPTION: Readonly<Record<(typeof RELEASES)[number], string>> = {
  "msw-oldest": "onUnhandledRequest",
  msw: "onUnhandledRequest",
  "msw-3": "onUnhandledFrame",
};

describe("hiro-lookup/msw in Chromium (setupWorker)", { timeout: TIMEOUT }, () => {
  let dir: string;
  const servers = new Map<string, StaticServer>();
  let browser: Browser | undefined;
  /** Each release's package folder. */
  const packageDirs: Record<(typeof RELEASES)[number], string> = {
    "msw-oldest": join(ROOT, "node_modules/msw-oldest"),
    msw: join(ROOT, "node_modules/msw"),
    "msw-3": "",
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "hiro-msw-browser-"));
    packageDirs["msw-3"] = await ensureMsw3();
    for (const release of RELEASES) {
      const root = join(dir, release);
      await mkdir(root);
      // An app's bundler would resolve `msw` to the release the app installed.
      await build({
        stdin: {
          contents: pageScript(UNHANDLED_OPTION[release]),
          resolveDir: ROOT,
          loader: "ts",
          sourcefile: "page.ts",
        },
        bundle: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        alias: { msw: release },
        // Where msw-3 is found (after the project's own node_modules, which have the two others).
        nodePaths: [dirname(packageDirs["msw-3"])],
        outfile: join(root, "page.js"),
        logLevel: "error",
      });
      await copyFile(
        join(packageDirs[release], "lib/mockServiceWorker.js"),
        join(root, "mockServiceWorker.js"),
      );
      await writeFile(
        join(root, "index.html"),
        '<!doctype html><script type="module" src="page.js"></script>\n',
      );
      // One origin per release: each page registers its own worker at /mockServiceWorker.js.
      servers.set(release, await startStaticServer(root));
    }
    browser = await launchChromium();
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers.values()) await server.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.for(RELEASES)("with %s: answers as the mock does, with an override for one request", async (release) => {
    const server = servers.get(release);
    if (!browser || !server) throw new Error("not started");
    expect(SECOND_PAGE).toMatchObject({ offset: 2, limit: 2, results: [expect.anything()] });
    const worker = await readFile(join(dir, release, "mockServiceWorker.js"), "utf8");
    const manifest = await readFile(join(packageDirs[release], "package.json"), "utf8");
    const installed = JSON.parse(manifest) as { version: string };
    expect(worker).toContain(`PACKAGE_VERSION = '${installed.version}'`);
    // The worker answers before the network: the route sees only what it left unanswered.
    const { context, outside } = await loopbackOnlyContext(browser, server.url);
    const consoleErrors: string[] = [];
    const page = await context.newPage();
    page.on("console", (m) => (m.type() === "error" ? consoleErrors.push(m.text()) : undefined));
    page.on("pageerror", (e) => consoleErrors.push(e.message));
    await page.goto(`${server.url}/`, { waitUntil: "load" });
    const results = await page.evaluate("window.results");
    expect(results).toEqual({
      name: "key-alex-autoalex-v1 #35",
      page: SECOND_PAGE,
      unknown: { limit: 7, offset: 0, total: 0, results: [] },
      limited: expect.objectContaining({ name: "HiroApiError", kind: "rate_limited", retryAfterMs: 3000 }),
      missing: expect.objectContaining({ name: "HiroApiError", kind: "not_found" }),
    });
    expect(outside).toEqual([]);
    // Chromium logs each answer of 400 or more; those of the two lookups that were to fail are expected.
    const expected = /^Failed to load resource: the server responded with a status of (429|404) /;
    expect(consoleErrors.filter((text) => !expected.test(text))).toEqual([]);
    expect(consoleErrors).toHaveLength(2);
    await context.close();
  });
});
