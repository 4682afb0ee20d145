import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The library: ESM + CJS with types, for Node and browsers.
    entry: { index: "src/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "es2022",
    platform: "neutral",
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
