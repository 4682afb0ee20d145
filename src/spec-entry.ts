/**
 * `hiro-lookup/spec`: the contract of openapi.yaml as data and checks, for tools built beside the client
 * (the `hiro-lookup` command line reads it): the operation table, the services, each parameter's rule
 * and the check the lookups run on it (with the words its reasons use for a JS caller's integer forms),
 * the checks they run on an answer, the base-URL check, whether a URL is one of Hiro's hosts, and which
 * services Hiro no longer hosts (since when).
 * All of it is generated from the spec or reads what is, so a spec change reaches a tool by
 * `npm run generate` alone. The entry sits on the top floor (it re-exports the checks of `input/` and
 * `lookups/`); the vocabulary every layer uses is `src/spec/`, on the ground floor.
 */

/** Each path and query parameter's JSON Schema in the spec, by name (`parameterRules.limit.maximum` is 60). */
export { parameterRules } from "./generated/parameters.js";
export { checkParameter, type WireValue } from "./input/parameter-checks.js";
export { checkBaseUrl } from "./input/url-and-key-checks.js";
export { answerProblem } from "./lookups/requests.js";
export { isHiroHost, RETIRED_APIS, RETIRED_ON } from "./spec/service-hosts.js";
export {
  type MatchedOperation,
  matchOperation,
  type OperationSpec,
  operationAt,
  operations,
  SERVICE_NAMES,
  type ServiceName,
} from "./spec/services.js";
