/** The "page maximum" check of `hiro-lookup verify`: finds the deployment's and reports it. */
import { parameterRules } from "../../spec-entry.js";
import type { Exchange } from "./verify-http.js";
import { findPageMaximum } from "./verify-page-maximum.js";
import { type Check, check, type ServiceState } from "./verify-state.js";

/**
 * Finds the largest `limit` the service accepts and keeps it on `state` (the "limit above the maximum"
 * check then asks one more). A maximum other than the spec's 60 passes and says so, with the flag the
 * lookups need; it fails only when `given` (`--<service>-max-limit`) says otherwise, or when none is found.
 */
export function pageMaximumCheck(
  state: ServiceState,
  given: number | undefined,
  probe: (limit: number) => Promise<Exchange>,
): Check {
  const flag = `--${state.service}-max-limit`;
  const expected =
    given === undefined
      ? `a maximum limit (the spec's: ${parameterRules.limit.maximum})`
      : `${given} (${flag})`;
  return check("page maximum", expected, async () => {
    const found = await findPageMaximum(probe);
    if ("failure" in found) return { ok: false, got: found.failure };
    state.pageMaximum = found.max;
    if (given !== undefined && found.max !== given) {
      return { ok: false, got: `${found.max}, not the ${given} of ${flag}` };
    }
    if (found.max === parameterRules.limit.maximum) return { ok: true, got: `${found.max} (the spec's)` };
    const hint = given === undefined ? `; the lookups need ${flag} ${found.max}` : "";
    return {
      ok: true,
      got: `${found.max}, set by the deployment (the spec says ${parameterRules.limit.maximum})${hint}`,
    };
  });
}
