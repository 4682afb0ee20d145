import { defineConfig, type Options } from "tsup";

/** The library: ESM + CJS, each with its own types (.d.ts / .d.cts), for Node and browsers. */
const library: Options = {
  // `validators` is the opt-in `hiro-lookup/validators` subpath (Ajv standalone code, no Ajv needed);
  // `msw` the test kit `hiro-lookup/msw` (msw, an optional peer, stays external).
  // `query` the TanStack Query helpers `hiro-lookup/query` (TanStack types only: nothing of it at run time).
  // `doctor` the token diagnosis `hiro-lookup/doctor`; `spec` the contract as data and checks `hiro-lookup/spec`.
  // `server` the gateway `hiro-lookup/server` (web-standard; the Redis client is passed in, never imported).
  entry: {
    index: "src/index.ts",
    validators: "src/validators.ts",
    msw: "src/msw/index.ts",
    query: "src/query/index.ts",
    doctor: "src/doctor/index.ts",
    spec: "src/spec/index.ts",
    server: "src/server/index.ts",
  },
  dts: true,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
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
    noExternal: ["openapi-fetch"],
  },
  {
    // The command line (Node only).
    entry: { cli: "src/cli/main.ts" },
    format: ["esm"],
    target: "node20",
    platform: "node",
    external: ["@stoplight/prism-cli"],
  },
]);
