/**
 * Browser bundle budgets (issue 11), measured by size-limit: `npm run size`, and test/tooling/size.test.ts in
 * `npm test`. Each entry is a tiny app importing what it names; esbuild bundles it the way a browser app's
 * bundler would: ESM, minified, tree-shaken, `platform: "browser"`, openapi-fetch bundled in (it is a
 * dependency, not a peer, so size-limit does not leave it out). Sizes are gzip level 9 (size-limit's
 * default is brotli), less size-limit's own 46 B for an empty app's import.
 *
 * Built from src/, not dist/: the ESM half of dist/ is esbuild's bundle of the same files at the same target
 * (es2022) with openapi-fetch left external, so an app bundling dist/ ships the same code (measured: dist/ is
 * 9 B smaller for entry 1), and src/ cannot be stale or half-written while test/package rebuilds dist/.
 */

/** ESM for browsers, as tsup's target; size-limit's own config has neither format nor platform. */
const esm = (config) => ({ ...config, format: "esm", platform: "browser", target: "es2022" });

/**
 * The core: an app importing only `createLookupClient`, openapi-fetch included. Issue 17's budget is
 * 10,300 B (resolved at 10,500 B); the lean core with the direct lookup path, the raw-path checks and
 * every protection on measures 12,274 B (2026-11-22), so the budget is missed (bench/RESULTS.md has where
 * the bytes go and what would close the gap). This limit is a guard against growth, under 1% above the
 * measured size: raise it only with a reason. Raised to 13,100 B for issue 21 (hostile2, 2026-11-23): the
 * pacer's 60 s ceiling on every wait, its probe after a long pause and its deadline refusal, the answer
 * checks for token bodies and page totals, the length check before BigInt() and `maxLimit` measure 12,989 B.
 * Raised to 14,450 B for issue 18 (2026-11-23): `searchTokens` is a method of the client, so it is in the
 * core: its operation row and contract rule, the operation of a path, the id checks naming the entry, the
 * chunks under one deadline and the search's answer check measure 14,348 B (+1,359 B).
 * Lowered to 13,900 B (issue 17's size pass, 2026-11-23): the same protections and API measure 13,798 B
 * (pacer state in closures, openapi-fetch's own URL serializers on the direct path, one answer tail, one
 * set of path patterns, declared error fields, inlined retry constants, per-parameter generated rules).
 * Raised to 14,950 B for issue 26 (2026-11-26): the client carries every read route of the Token Metadata
 * API, so four operation rows, their parameter rules (six new filters and enums), the filter checks
 * (`filter-checks.ts`) and the FT answer checks (a list's filters as SQL LIKE, an FT's contract) are in the
 * core: 14,869 B (+1,071 B against 13,798 B).
 * Raised to 15,150 B for issue 29 (upstream's own servers, 2026-11-26): the token-number ceiling of
 * upstream's bigint column with messages true for the value (+72 B) and the 404 of a Token Metadata API
 * older than the search, said as such (+117 B): 15,058 B.
 * Raised to 16,050 B for the rest of issue 29 (the attacker's round, 2026-11-26): results compared by
 * identity (a page holding one twice, `paginate`'s repeats in any order), the JSON budget before a parse,
 * the client's key blanked in server text, amounts and waits bounded, the deployment a client talks to
 * (for `hiro-lookup/query`'s keys): 15,926 B.
 * Raised to 17,000 B for issue 28 (2026-11-26): the log (`logLevel`, `logger`, `HIRO_LOG`, the records of
 * the attempt loop and the pacer's reasons), `.withResponse()` and its rate-limit reading, `attempts` on
 * HiroApiError and the runtime refusals that are not retried: 16,882 B (+956 B against 15,926 B; the
 * issue's budget was +800 B, missed by 156 B).
 * 17,700 B for issue 35's attacker's round (2026-11-27): the `name` filter checked by a
 * hand-written LIKE matcher in linear time instead of a RegExp (+~250 B), and `raw`'s path guard (no URL,
 * no dot segment, no `.`/`..` value, a password never echoed, the caller's signal linked: +~340 B),
 * `.withResponse()`'s bounds and empty `HIRO_LOG`: 17,615 B (+637 B against 16,978 B).
 * 17,400 B for issue 39 (2026-11-27, measured apart from issue 35's): the log at its levels (a line per lookup outcome at
 * `info`, a failed lookup at `error`), the lookups' TracingChannel `hiro-lookup:lookup` (looked up through
 * `process.getBuiltinModule`, no import), the token-id rule in the client's refusal, and a client's own
 * headers, fetch or middleware told to `hiro-lookup/query`: 17,366 B (+388 B against 16,978 B;
 * the outcome's log line about 176 B, the channel about 90 B, the token-id words 46 B).
 * Both on main (2026-11-27, after the merge): 17,970 B; the guard 18,100 B. Issue 38 asked the core to stay
 * within 17,000 B: missed by 970 B, all of it issue 35's and issue 39's protections and log (see above).
 * Raised to 18,250 B for issue 38's typed client (2026-11-27, main then measuring 18,096 B): the lookups call
 * `raw`'s own GET typed by `RawPaths` (one openapi-fetch instance; their request made its parameters by one
 * helper), the single-request methods built from the operation table by a typed builder, and the facts
 * `paginateLookup` reads (the client's own lookups and `maxLimit`; the walk itself stays out of the core):
 * 18,167 B (+71 B).
 * After issue 38's last round (2026-11-27): 18,192 B. One record per lookup returned instead of written
 * into shared objects (−23 B), the client's defaults as constants a minifier inlines (−57 B, with the
 * options split by job), then a new user's trial: the pacer's reasons in order, the page maximum's
 * owner named in the refusal, the gateway's client built unpaced (+78 B). Issue 38's 17,000 B is missed
 * by 1,192 B: the protections and the log of issues 35 and 39 (see above). What would close it is an API choice, not a trim: `searchTokens` as a
 * function beside the client (as `paginateLookup` is) rather than a method, or the log as middleware.
 */
export const CORE_TARGET = 10_300;
/*
 * 18,500 B for issue 43 (2026-12-02), the guard the issue set: every lookup is one prepared call, exchanged
 * and judged (lookups/prepare.ts, exchange.ts, judge.ts), so the gateway, etagCache and the query keys are
 * built on the same three steps instead of their copies; the answer's rate limit read once per attempt and
 * handed on; the text of a refusal kept as sent on the middleware path: 18,485 B on main of 2026-12-02 (18,192 B before).
 * Raised to 18,700 B the same day: a refusal of an integer rule carries the rule as fields
 * (`HiroValidationError.rule`: the range in words, the forms, the option that set the maximum, the value),
 * so the CLI says it in its own words from them instead of rewriting the library's text by phrase
 * (issue 43, item 6): 18,599 B (+114 B).
 * Raised to 19,100 B for issue 43's item 4 (2026-12-02): one pacing rule for the client's pacer and the
 * gateway's pace (shared/pace-policy.ts), whose state is data a store keeps (nine numbers, in memory or in
 * one Redis hash its Lua twin reads) instead of a closure's locals a minifier renames, and which carries
 * what the gateway needs of it: a spaced slot taken ahead, a probe's hold that lapses: 18,993 B (+394 B).
 */
export const CORE_LIMIT = 19_100;
/**
 * What each opt-in middleware may add on top of the core. Raised from 400 B for issue 21: etagCache keeps
 * only bodies the lookup accepts (it reads the request back from the URL) and its memory store is bounded
 * in bytes, which measures +752 B; +868 B with issue 18 (a search's repeated `contract` key read back); +847 B
 * after issue 17's size pass (validateResponses: +264 B). Raised to 1,000 B for issue 38 (2026-11-27):
 * etagCache adds 969 B, its memory store now the one bounded LRU it shares with the gateway's memory tier
 * (+91 B: that map's `delete`, `size` and `bytes`, which the store does not call) and its defaults in the
 * one defaults module (+51 B).
 */
export const MIDDLEWARE_LIMIT = 1_000;
/** What `hiro-lookup/query` may add on top of the core (issue 27). */
export const QUERY_LIMIT = 1_024;

/**
 * The doctor's ceiling, about 1% above its measured size. 6,706 B for issue 31 (2026-11-26): the service's
 * answer read as findings, the host fetch, SIP-016 judgement, the image check and the fixes with their
 * sources. Raised to 24,800 B for issue 35 (2026-11-27), measured 24,589 B: the parser the service uses,
 * json5 (+9.3 kB, mostly its Unicode identifier tables; loaded by a dynamic import only for a document that
 * is not strict JSON, so a bundler that splits puts it in a chunk of its own, but this esbuild run inlines
 * it), ipaddr.js for the address policy (+4.0 kB), and the doctor's own new checks (+4.0 kB: the guarded
 * Node transport, the wrong kind, not-reached told apart, the service's limits in the fixes).
 */
export const DOCTOR_LIMIT = 24_800;

const entry = (name, path, imports, limit) => ({
  name,
  path,
  import: imports,
  gzip: true,
  limit: `${limit} B`,
  modifyEsbuildConfig: esm,
});

export default [
  entry("createLookupClient", "src/index.ts", "{ createLookupClient }", CORE_LIMIT),
  entry(
    "createLookupClient + etagCache",
    "src/index.ts",
    "{ createLookupClient, etagCache }",
    CORE_LIMIT + MIDDLEWARE_LIMIT,
  ),
  // validateResponses() alone: the generated validators are the opt-in hiro-lookup/validators entry below.
  entry(
    "createLookupClient + validateResponses",
    "src/index.ts",
    "{ createLookupClient, validateResponses }",
    CORE_LIMIT + MIDDLEWARE_LIMIT,
  ),
  // Everything the main entry exports (paginate, waitForMetadata, units, errors, both middleware, searchTokens):
  // a ceiling against growth, under 1% above the measured 17,047 B (issue 17's size pass, 2026-11-23).
  // 17,931 B after issue 26 (the four Token Metadata lookups; was 17,047 B).
  // 18,201 B after issue 29's items 3-5 (the core's +189 B, isRefreshingToken and waitForMetadata's
  // `complete`: +79 B).
  // 19,070 B after the rest of issue 29 (the core's share, and etagCache's store timeout).
  // 20,055 B after issue 28 (the log, .withResponse(), the drift report; was 19,070 B).
  // 20,685 B after issue 35's service items (was 20,145 B): paginate's bounded second pass and
  // HiroIncompleteListError (+540 B with the wait's last answer at its deadline and etagCache leaving the
  // FT list unconditional).
  // 20,789 B after issue 35's attacker's round (the core's LIKE matcher and raw path guard; was 20,145 B);
  // 21,330 B with both (gzip, measured on main after the merge).
  // 20,519 B after issue 39 (the core's +373 B: the log at its levels, the lookups' TracingChannel).
  // 21,692 B on main with both (2026-11-27, after the merge).
  // 22,077 B after issue 38's typed client (+228 B against main's 21,849 B, the core's +71 B: the lookups
  // calling raw's own GET typed by RawPaths, the methods built from the operation table; paginateLookup,
  // the walk by a client's own page maximum, kept out of the core).
  // 22,422 B after issue 38's last round (+345 B against 22,077 B: the free paginate's page-size rule, its
  // refusal of a stray limit and the walk's total(), waitForMetadata's and etagCache's defaults in the one
  // defaults module, the LRU, the pacer's reasons in order).
  // 22,606 B after issue 47 (+220 B against 22,386 B): a page of repeats (tied sort keys) no longer stops
  // the walk: its count against the pages of progress, the second pass after a stop by repeats, and
  // "not paging" judged at the end, for a service whose pages after the first never brought anything new.
  // 22,967 B after issue 43 (the core's +288 B: one prepared call, exchanged and judged, which etagCache's
  // acceptance is built on too).
  // 23,093 B with the integer rule's fields on HiroValidationError (+121 B; see CORE_LIMIT).
  // 23,479 B with issue 43's one pacing rule (+386 B; see CORE_LIMIT).
  entry("hiro-lookup (whole main entry)", "src/index.ts", "*", 23_600),
  // hiro-lookup/query on top of the core (issue 27's budget: 1 kB): what an app using TanStack Query adds.
  {
    name: "createLookupClient + hiro-lookup/query",
    // An entry without `path` makes size-limit resolve package.json's `main` (dist/, which a fresh clone
    // has not built) even though `import` names the files: the run failed before it measured anything.
    path: ["src/index.ts", "src/query/index.ts"],
    import: {
      "src/index.ts": "{ createLookupClient }",
      "src/query/index.ts": "{ createLookupQueries }",
    },
    gzip: true,
    limit: `${CORE_LIMIT + QUERY_LIMIT} B`,
    modifyEsbuildConfig: esm,
  },
  // Generated Ajv standalone code for the three 200-body schemas (about 5 kB); 12 kB leaves room for the spec
  // to grow, yet fails at once if the Ajv runtime itself gets bundled (Ajv 8 alone is about 38 kB gzip).
  // Issue 46 (2026-12-02): Standard Schema v1 on each validator (`~standard.validate`) and its JSON Schema
  // document (`~standard.jsonSchema`, generated/response-schemas.ts): 7,261 B → 8,434 B (+1,173 B).
  entry("hiro-lookup/validators", "src/validators.ts", "{ responseValidators }", 12_288),
  // The token doctor (issue 31), a subpath of its own so that no main-entry figure moves: what an app calling
  // diagnoseToken adds (openapi-fetch and the client are not in it: the app passes its own client).
  entry("hiro-lookup/doctor", "src/doctor/index.ts", "{ diagnoseToken }", DOCTOR_LIMIT),
  // The test kit without msw itself (an optional peer dependency the app already has): the mock's rules
  // and the spec's named examples. Main-entry figures above must not move when the kit changes.
  // 8,192 B until issue 47; 8,442 B since (+321 B against 8,121 B): the rules answer a token on any token
  // kind's route, as upstream does (the other token route's examples in this route's shape). 8,520 B
  // until issue 44 (item 16; 8,523 B then): the rules refuse a repeated key and an empty value in
  // upstream's words (Fastify's coerceTypes "array"; "" is a value but for free text).
  {
    ...entry("hiro-lookup/msw (msw excluded)", "src/msw/index.ts", "{ createHandlers }", 8_560),
    ignore: ["msw"],
  },
];
