// Chromium: bundled with esbuild and loaded by a page; the runner calls `hiroRuntimeChecks(config)`.
import { createLookupClient, HiroApiError, HiroTimeoutError } from "hiro-lookup";
import { runChecks } from "./checks.mjs";

globalThis.hiroRuntimeChecks = (config) =>
  runChecks({ createLookupClient, HiroApiError, HiroTimeoutError }, config).then((results) => ({ results }));
