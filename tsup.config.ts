import { defineConfig, type Options } from "tsup";
import { mswGuard } from "./scripts/lib/msw-guard.js";
import { ENTRIES } from "./scripts/lib/package-entries.js";

/**
 * The library: ESM + CJS, each with its own types (.d.ts / .d.cts), for Node and browsers. Each module
 * system has one copy of each module, whatever entries an app loads: the entries share their code through
 * chunks (dist/chunk-*.js, dist/chunk-*.cjs), so `hiro-lookup/doctor`'s `HiroApiError` is the main entry's,
 * under `import` and under `require()` alike.
 */
const library: Options = {
  entry: ENTRIES,
  dts: true,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  // esbuild splits ES modules only; for CommonJS tsup builds split ES modules and turns each file
  // (entries and chunks) into CommonJS, so the CommonJS entries share chunks as the ESM ones do.
  splitting: true,
};

export default defineConfig([
  { ...library, format: ["esm"], clean: true },
  {
    ...library,
    format: ["cjs"],
    // openapi-fetch's CommonJS build exports its client as `exports.default`, which esbuild's Node-style
    // interop (this is a "type": "module" package) hands to `import createClient from` as the whole
    // exports object: `createClient is not a function` under require(). The CJS build therefore
    // bundles openapi-fetch's ES module (14 KB) instead of requiring it; the ESM build imports it.
    noExternal: ["openapi-fetch", "msw"],
    // msw, the test kit's optional peer, through a guard that says what to install when it is missing
    // (scripts/lib/msw-guard.ts); msw itself stays external.
    esbuildPlugins: [mswGuard],
    // esbuild lowers class fields itself here (es2021): left to tsup's conversion to CommonJS, each class
    // with a field became an anonymous `_classN` (`HiroApiError.name === "_class5"`, printed in every log).
    target: "es2021",
  },
  {
    // The command line (Node only).
    entry: { cli: "src/cli/main.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    // Optional peers, loaded by the command that needs them: the MCP SDK (`mcp`) and OpenTelemetry's
    // API (a tool call's trace parent).
    external: ["@modelcontextprotocol/server", "@opentelemetry/api"],
  },
]);
