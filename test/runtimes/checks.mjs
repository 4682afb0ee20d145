/**
 * The four checks every runtime runs against the local servers of scripts/test-runtimes.ts, on the data
 * its config carries (scripts/lib/runtime-data.ts). No imports
 * and no runtime-specific globals: each entry (esm.mjs, cjs.cjs, worker.mjs, browser.mjs) loads the
 * packed library its own way and passes its exports in.
 */

/** One line about whatever a lookup threw: class name, kind and status when it has them, message, cause. */
function describe(error) {
  if (!(error instanceof Error)) return `threw a non-Error: ${String(error)}`;
  const shape = [error.kind, error.status === undefined ? undefined : `status ${error.status}`]
    .filter((part) => part !== undefined)
    .join(", ");
  const cause = error.cause instanceof Error ? `; cause ${error.cause.name}: ${error.cause.message}` : "";
  return `${error.name}${shape ? ` (${shape})` : ""}: ${error.message}${cause}`;
}

/** Runs `lookup` and reports `{ ok, detail }`: `judge` gets the error (or undefined) and the value. */
async function check(name, lookup, judge) {
  const started = Date.now();
  let outcome;
  try {
    const value = await lookup();
    outcome = judge(undefined, value) ?? { ok: false, detail: `resolved: ${JSON.stringify(value)}` };
  } catch (error) {
    outcome = judge(error, undefined) ?? { ok: false, detail: describe(error) };
  }
  return { check: name, ...outcome, ms: Date.now() - started };
}

/**
 * @param lib `{ createLookupClient, HiroApiError, HiroTimeoutError }` from "hiro-lookup",
 *   `createLookupQueries` from "hiro-lookup/query" where the runtime loads it (the `query` check), and
 *   `createLookupHandler` from "hiro-lookup/server" where the runtime serves it (the `gateway` check)
 * @param config `{ baseUrl, hangUrl, principal, tokens, metadata }` (scripts/lib/runtime-data.ts): the API
 *   server (with this run's path prefix), a server that never answers, and what the servers answer
 * @returns one `{ check, ok, detail, ms }` per check
 */
export async function runChecks(lib, config) {
  const { createLookupClient, HiroApiError, HiroTimeoutError, createLookupQueries, createLookupHandler } =
    lib;
  const { principal: PRINCIPAL, tokens: TOKENS, metadata: METADATA } = config;
  const client = createLookupClient({ baseUrl: config.baseUrl, maxRetries: 0, timeoutMs: 10_000 });
  const results = [];

  // hiro-lookup/query, where the runtime loads it: one key for 35n and "35", plain JSON, and its queryFn.
  if (createLookupQueries) {
    const q = createLookupQueries(client);
    const params = { principal: PRINCIPAL, token_id: BigInt(TOKENS.ok) };
    results.push(
      await check(
        "query",
        () => q.getSftMetadata.queryOptions(params).queryFn({ signal: new AbortController().signal }),
        (error, value) => {
          const key = JSON.stringify(q.getSftMetadata.queryKey(params));
          const same =
            key === JSON.stringify(q.getSftMetadata.queryKey({ ...params, token_id: String(TOKENS.ok) }));
          return error === undefined && same && JSON.stringify(value) === JSON.stringify(METADATA)
            ? { ok: true, detail: `key ${key.length} chars of JSON, one for 35n and "35"` }
            : undefined;
        },
      ),
    );
  }

  // hiro-lookup/server, where the runtime serves fetch handlers: the handler mounted with its memory store
  // answers a lookup from the API server, then from its cache (its Cache-Control says so), and 404 elsewhere.
  if (createLookupHandler) {
    const handler = createLookupHandler({ upstream: { baseUrl: config.baseUrl, maxRetries: 0 } });
    const path = `/metadata/v1/sft/${PRINCIPAL}/${TOKENS.ok}`;
    results.push(
      await check(
        "gateway",
        async () => {
          const first = await handler(new Request(`http://gateway.test${path}`));
          const again = await handler(new Request(`http://gateway.test${path}`));
          const elsewhere = await handler(new Request("http://gateway.test/elsewhere"));
          return {
            statuses: [first.status, again.status, elsewhere.status],
            body: await again.text(),
            cacheControl: again.headers.get("cache-control"),
          };
        },
        (error, value) =>
          error === undefined &&
          JSON.stringify(value.statuses) === "[200,200,404]" &&
          value.body === JSON.stringify(METADATA) &&
          /^public, max-age=\d+$/.test(value.cacheControl ?? "")
            ? { ok: true, detail: `200 then 200 from the cache (${value.cacheControl}), 404 elsewhere` }
            : undefined,
      ),
    );
  }

  results.push(
    await check(
      "success",
      () => client.getSftMetadata({ principal: PRINCIPAL, token_id: TOKENS.ok }),
      (error, value) =>
        error === undefined && JSON.stringify(value) === JSON.stringify(METADATA)
          ? { ok: true, detail: `metadata.name ${JSON.stringify(value.metadata.name)}` }
          : undefined,
    ),
  );

  results.push(
    await check(
      "api-error",
      () => client.getSftMetadata({ principal: PRINCIPAL, token_id: TOKENS.notFound }),
      (error) =>
        error instanceof HiroApiError &&
        error.kind === "not_found" &&
        error.status === 404 &&
        error.body?.error === "Token not found"
          ? { ok: true, detail: describe(error) }
          : undefined,
    ),
  );

  const hanging = createLookupClient({ baseUrl: config.hangUrl, timeoutMs: 300, maxRetries: 0 });
  results.push(
    await check(
      "timeout",
      () => hanging.getSftMetadata({ principal: PRINCIPAL, token_id: TOKENS.ok }),
      (error) =>
        error instanceof HiroTimeoutError && error.timeoutMs === 300 && error.attempts === 1
          ? { ok: true, detail: describe(error) }
          : undefined,
    ),
  );

  // The server answers 302 to a second server. The client must not follow it: a redirect is an
  // `unexpected_status` (302, or 0 where fetch hides a manual redirect as an opaque response).
  // The runner also checks that the second server got no request.
  results.push(
    await check(
      "redirect-refused",
      () => client.getSftMetadata({ principal: PRINCIPAL, token_id: TOKENS.redirect }),
      (error) =>
        error instanceof HiroApiError &&
        error.kind === "unexpected_status" &&
        (error.status === 302 || error.status === 0)
          ? { ok: true, detail: describe(error) }
          : undefined,
    ),
  );
  return results;
}
