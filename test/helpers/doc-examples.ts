/**
 * The documentation's TypeScript examples (scripts/lib/doc-examples.ts), for the tests that run them (the
 * e2e and contract tiers) and as the types tier's global setup: it writes them where tsconfig.check.json
 * looks, so the tier's one tsc compiles them with the project, as `npm run typecheck` does.
 */
import { writeDocExamples } from "../../scripts/lib/doc-examples.js";

export {
  type CodeSample,
  codeSamples,
  DOC_EXAMPLES_DIR,
  docExampleFiles,
  guideExamples,
  readmeExamples,
} from "../../scripts/lib/doc-examples.js";

/** Vitest global setup of the types tier: the examples, fresh, where its tsconfig looks for them. */
export default function setup(): void {
  writeDocExamples();
}
