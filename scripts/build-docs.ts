/** `npm run docs`: builds the API reference and the guide's page (scripts/lib/docs-site.ts). */
import { relative } from "node:path";
import { buildDocs } from "./lib/docs-site.js";

buildDocs().then(
  ({ file, bytes, ms }) => {
    console.log(`docs: ${relative(process.cwd(), file)} (${(bytes / 1024).toFixed(0)} KiB) in ${ms} ms`);
  },
  (error: unknown) => {
    console.error(`docs: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
