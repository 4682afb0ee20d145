/**
 * The mock an app developer runs (Node only): `startRulesMock`, the mock's rules served in-process, with
 * no Prism (`hiro-lookup mock`, `--mock`). The browser-safe rules themselves are in `../mock/`.
 *
 * Prism stays where it checks the spec, in the dev loop (`npm start`, `npm run mock`) and the contract
 * tests: `mock.ts` (Prism behind the front of `front.ts`) and `prism.ts`, imported by their own paths, so
 * nothing the CLI loads reaches them.
 */

export { MOCK_BUDGET } from "../mock/rate-limit.js";
export { tokenHostFetch } from "../mock/token-host.js";
export { mockHints } from "./hints.js";
export { watchLaunchers } from "./launcher-watch.js";
export { packageSpec } from "./package-spec.js";
export { MockPortError } from "./request-guards.js";
export { type RulesMock, type RulesMockOptions, startRulesMock } from "./rules-server.js";
