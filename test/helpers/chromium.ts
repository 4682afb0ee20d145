/** Debian's Chromium through playwright-core, for the real-browser tests (CHROME_PATH to point elsewhere). */
import { access } from "node:fs/promises";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../../scripts/lib/runtimes.js";

/** Launches Chromium; a missing one is an error that says how to install it. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  await access(executablePath).catch(() => {
    throw new Error(`no Chromium at ${executablePath}: apt-get install -y chromium, or set CHROME_PATH`);
  });
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * A new browser context that may reach only `serverUrl`'s origin: every other request is aborted and
 * its URL kept in `outside`, for the test to assert that nothing left the machine.
 */
export async function loopbackOnlyContext(
  browser: Browser,
  serverUrl: string,
): Promise<{ context: BrowserContext; outside: string[] }> {
  const context = await browser.newContext();
  const local = new URL(serverUrl).origin;
  const outside: string[] = [];
  await context.route(
    (url) => url.origin !== local,
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  return { context, outside };
}
