/**
 * `hiro-lookup/query` in a real React app: a page bundled with the esbuild we have (react, react-dom,
 * @tanstack/react-query), in Debian's Chromium through playwright-core, its lookups answered by
 * `hiro-lookup/msw` under `setupWorker`. It renders a token (`useQuery`, a bigint id) and walks a sat's
 * inscriptions with `useInfiniteQuery` and `fetchNextPage` to the end. Runs only with
 * HIRO_BROWSER_TESTS=1 (see vitest.config.ts).
 */
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaticServer, startStaticServer } from "../../scripts/lib/static-server.js";
import { launchChromium, loopbackOnlyContext } from "../helpers/chromium.js";
import { ROOT } from "../helpers/spec.js";

const TIMEOUT = 60_000;
const src = (path: string) => JSON.stringify(join(ROOT, path));

/** The app: one token, and the three inscriptions of the spec's two-page sat, two a page. */
const appSource = `
import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { setupWorker } from "msw/browser";
import { createLookupClient } from ${src("src/index.ts")};
import { createLookupQueries } from ${src("src/query/index.ts")};
import { createHandlers } from ${src("src/msw/index.ts")};

const baseUrl = "https://indexer.test";
const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const q = createLookupQueries(createLookupClient({ baseUrl }));

function Token() {
  const { data, error } = useQuery(q.getSftMetadata.queryOptions({ principal, token_id: 35n }));
  if (error) return <p id="token">error {error.message}</p>;
  return <p id="token">{data ? data.metadata?.name : "loading"}</p>;
}

function Inscriptions() {
  const list = useInfiniteQuery(
    q.getSatoshiInscriptions.infiniteQueryOptions({ ordinal: 257418248345364n, limit: 2 }),
  );
  const items = list.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <div>
      <ul id="inscriptions">{items.map((i) => <li key={i.id}>{i.number}</li>)}</ul>
      {list.hasNextPage ? <button id="more" onClick={() => list.fetchNextPage()}>more</button> : <p id="end">end</p>}
    </div>
  );
}

await setupWorker(...createHandlers({ baseUrl })).start({ onUnhandledRequest: "error", quiet: true });
createRoot(document.getElementById("root")).render(
  <QueryClientProvider client={new QueryClient()}><Token /><Inscriptions /></QueryClientProvider>,
);
`;

describe("hiro-lookup/query in a React app, in Chromium", { timeout: TIMEOUT }, () => {
  let dir: string;
  let server: StaticServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "hiro-query-browser-"));
    await build({
      stdin: { contents: appSource, resolveDir: ROOT, loader: "tsx", sourcefile: "app.tsx" },
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      outfile: join(dir, "app.js"),
      logLevel: "error",
    });
    await copyFile(
      join(ROOT, "node_modules/msw/lib/mockServiceWorker.js"),
      join(dir, "mockServiceWorker.js"),
    );
    await writeFile(
      join(dir, "index.html"),
      '<!doctype html><div id="root"></div><script type="module" src="app.js"></script>\n',
    );
    server = await startStaticServer(dir);
    browser = await launchChromium();
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("renders a token (a bigint id) and walks an infinite list to its end with fetchNextPage", async () => {
    if (!browser || !server) throw new Error("not started");
    const { context, outside } = await loopbackOnlyContext(browser, server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/`, { waitUntil: "load" });
    await page.waitForFunction(() => {
      const text = document.getElementById("token")?.textContent;
      return text !== undefined && text !== "loading";
    });
    expect(await page.textContent("#token")).toBe("key-alex-autoalex-v1 #35");
    await page.waitForSelector("#inscriptions li");
    for (let i = 0; i < 5 && (await page.$("#more")); i++) {
      const before = await page.$$eval("#inscriptions li", (items) => items.length);
      await page.click("#more");
      await page.waitForFunction((n) => document.querySelectorAll("#inscriptions li").length > n, before);
    }
    await page.waitForSelector("#end");
    expect(await page.$$eval("#inscriptions li", (items) => items.map((li) => li.textContent))).toEqual([
      "72104318",
      "4512877",
      "-183206",
    ]);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  });
});
