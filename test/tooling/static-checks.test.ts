/**
 * `npm test`'s static checks: each of `npm run check`'s scripts but `typecheck` (the `types` tier runs that),
 * as a test of its own, side by side with the rest of the suite rather than before it. A failing check
 * fails its test with the check's own output.
 */
import { describe, expect, it } from "vitest";
import { CHECKS, type CheckName, runCheck } from "../../scripts/lib/checks.js";

const IN_NPM_TEST = CHECKS.filter((name): name is Exclude<CheckName, "typecheck"> => name !== "typecheck");

describe("the static checks", () => {
  it("are npm run check's, all but typecheck", () => {
    expect(IN_NPM_TEST).toEqual(["lint:spec", "check:generated", "lint", "check:breaking"]);
  });

  // A check's time limit catches a hang: check:generated took over a minute at a load average of 20.
  it.concurrent.for(IN_NPM_TEST)("npm run %s passes", { timeout: 300_000 }, async (name, { expect }) => {
    const result = await runCheck(name);
    expect(result.code, `npm run ${name} exited ${result.code}:\n${result.output}`).toBe(0);
  });
});
