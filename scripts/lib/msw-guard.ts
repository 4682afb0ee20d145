/**
 * The CommonJS build's guard for `msw`, the test kit's optional peer: `require("hiro-lookup/msw")` in a
 * project without msw said only Node's "Cannot find module 'msw'". With this esbuild plugin (tsup.config.ts,
 * CommonJS), the kit's `require("msw")` goes through a few lines that say what to install, as `hiro-lookup
 * mcp` does for its SDK; msw itself stays external. (An ES module's static import fails before any code
 * runs, so the ESM build keeps Node's own message, which names the package.)
 */
import type { Plugin } from "esbuild";

/** What a project without msw is told to run: the peer range of package.json. */
export const MSW_INSTALL_HINT = 'npm install --save-dev "msw@^2.10.0 || ^3.0.0"';

const NAMESPACE = "hiro-lookup-msw-guard";

/** The module that stands for `msw` in the CommonJS build. */
const GUARD = `try {
  module.exports = require("msw");
} catch (error) {
  if (error && error.code === "MODULE_NOT_FOUND" && String(error.message).includes("'msw'"))
    throw new Error(
      ${JSON.stringify(`hiro-lookup/msw needs msw (an optional peer dependency), which is not installed: ${MSW_INSTALL_HINT}`)},
      { cause: error },
    );
  throw error;
}
`;

/** An esbuild plugin: `msw` resolves to {@link GUARD}, whose own `require("msw")` is left external. */
export const mswGuard: Plugin = {
  name: "msw-guard",
  setup(build) {
    build.onResolve({ filter: /^msw$/ }, (args) =>
      args.namespace === NAMESPACE ? { path: "msw", external: true } : { path: "msw", namespace: NAMESPACE },
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({ contents: GUARD, loader: "js" }));
  },
};
