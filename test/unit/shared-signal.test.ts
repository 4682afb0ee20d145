/**
 * One AbortSignal shared by very many calls (an app's shutdown signal, say): no call leaves a listener
 * on it, in flight or after, so Node never prints MaxListenersExceededWarning (it did for 2,000 raw calls:
 * the Request openapi-fetch builds from the caller's signal listens to it), and aborting it still ends
 * every call.
 */
import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { json } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const STATUS = { server_version: "token-metadata-api v2.3.0", status: "ready", chain_tip: null };
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

afterEach(() => {
  process.off("warning", onWarning);
  warnings.length = 0;
});

/**
 * A handler that holds every request until `release()`, so all calls are in flight at once;
 * `arrived(n)` settles once n requests have reached it (an event, not a guess at how long that takes).
 */
function held() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const handler = async () => {
    seen++;
    for (const waiter of waiters.filter((w) => seen >= w.count)) waiter.resolve();
    await gate;
    return json(STATUS);
  };
  const arrived = (count: number) =>
    new Promise<void>((resolve) => {
      if (seen >= count) resolve();
      else waiters.push({ count, resolve });
    });
  return { release, handler, arrived };
}

/**
 * Calls in flight at once on the one signal. Node warns past 10 listeners on it, so a leak shows at any
 * count above that (the leak was first seen at 2,000 raw calls); 300 keeps the test's work small, so a
 * loaded machine cannot run it past its time limit (2,000 raw calls took over 15 s at a load average of 20).
 */
const CALLS = 300;

describe(`one signal, ${CALLS} calls`, () => {
  it.each([
    [
      "raw",
      (client: ReturnType<typeof createTestClient>["client"], signal: AbortSignal) =>
        client.raw.GET("/metadata/v1/", { signal }),
    ],
    [
      "a lookup",
      (client: ReturnType<typeof createTestClient>["client"], signal: AbortSignal) =>
        client.getApiStatus({ signal }),
    ],
    [
      "a lookup through middleware",
      (client: ReturnType<typeof createTestClient>["client"], signal: AbortSignal) =>
        client.getApiStatus({ signal }),
    ],
  ] as const)("%s: no listener stays on the caller's signal, and no warning", async (kind, call) => {
    process.on("warning", onWarning);
    const { release, handler, arrived } = held();
    const middleware = kind === "a lookup through middleware" ? [{ onRequest: () => undefined }] : [];
    const { client } = createTestClient(handler, { maxRetries: 0, middleware });
    const { signal } = new AbortController();
    const calls = Array.from({ length: CALLS }, () => call(client, signal));
    // The pacer lets a first call through before it knows the budget, so not every call reaches the
    // handler; the rest wait in the pacer's queue, which must not add a listener per call either.
    await arrived(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getEventListeners(signal, "abort").length, "in flight").toBeLessThanOrEqual(1);
    release();
    await Promise.all(calls);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
  });

  it("aborting the shared signal still ends every raw call in flight", async () => {
    const { client } = createTestClient(
      (request) =>
        new Promise((_, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
        }),
      { maxRetries: 0 },
    );
    const controller = new AbortController();
    const calls = Array.from({ length: 50 }, () =>
      client.raw.GET("/metadata/v1/", { signal: controller.signal }).then(
        () => "answered",
        () => "aborted",
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error("shutting down"));
    expect(new Set(await Promise.all(calls))).toEqual(new Set(["aborted"]));
  });
});
