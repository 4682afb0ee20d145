// Node and Bun (`<runtime> esm.mjs '<config JSON>'`), Deno (same, through Deno.args): the ES module build.
import { createLookupClient, HiroApiError, HiroTimeoutError } from "hiro-lookup";
import { createLookupQueries } from "hiro-lookup/query";
import { createLookupHandler } from "hiro-lookup/server";
import { runChecks } from "./checks.mjs";

const config = JSON.parse(globalThis.Deno ? globalThis.Deno.args[0] : process.argv[2]);
const results = await runChecks(
  { createLookupClient, HiroApiError, HiroTimeoutError, createLookupQueries, createLookupHandler },
  config,
);
console.log(JSON.stringify({ loaded: import.meta.resolve?.("hiro-lookup"), results }));
