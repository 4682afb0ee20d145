/**
 * The one internal face of the core: what the package's own faces (the gateway `src/server/`,
 * `src/query/`, `src/doctor/`, `src/mcp/`, `src/msw/`, `src/cli/`) use of it beyond the public entries
 * and `src/shared/`. Not an entry of the package (not in package.json's `exports`): nothing here is API,
 * and it may change in any release. test/tooling/import-layers.test.ts fails when a face imports any
 * other module of the core.
 *
 * The unit of work every face builds on: a call prepared once (operation and parameters checked, its
 * keys), exchanged once (status, headers, text, attempts, rate limit), judged once (data or a typed error).
 */

/** Checked options and texts, as the client words them. */
export { printable } from "./errors/safe-text.js";
export { withinRepeatSlack } from "./features/page-repeats.js";
/** What the faces read of the vocabulary: the spec's types, the schemas of the MCP tools. */
export type { operations as SpecOperations } from "./generated/api.js";
/** The service's own rules (what upstream refuses, in its words), beside the operation table, and its 400s. */
export { type MockExample, mockExamples } from "./generated/mock-examples.js";
/** The operation table as generated (a face that matches no path carries no path matcher). */
export { operationAnswers, operations as operationTable } from "./generated/operations.js";
export { type JsonSchemaObject, operationSchemas } from "./generated/tool-schemas.js";
export { serviceBaseUrls } from "./input/base-urls.js";
export { pageMaximumOf } from "./input/option-checks.js";
export { isWholeNumber } from "./input/whole-number.js";
/** The unit of work: prepare → exchange → judge, and the keys of a prepared call. */
export { type BuiltClient, buildLookupClient, type ClientBuild } from "./lookups/client.js";
export { type ClientFacts, clientFactsOf } from "./lookups/client-facts.js";
export { type Exchange, type ExchangeOptions, exchange, type LookupSettings } from "./lookups/exchange.js";
export { identityOf } from "./lookups/item-identity.js";
export { acceptsBody, judge, parsedText } from "./lookups/judge.js";
export {
  type CanonicalParams,
  canonicalOf,
  hashLookupKey,
  type LookupQueryKey,
  queryKeyOf,
} from "./lookups/key.js";
export { tracedExchange } from "./lookups/lookup.js";
export type { OperationPath } from "./lookups/prepare.js";
export { type CallFacts, type PreparedCall, prepare, preparedCall, SPEC_FACTS } from "./lookups/prepare.js";
export type { LookupRequest } from "./lookups/requests.js";
/** The mock's rules (the msw kit answers by them). */
export { answerFor, type MockOperationId } from "./mock/answer-for.js";
export { logOf } from "./observe/log.js";
export { badUrlBody, checkRequest, type ServiceRefusal } from "./spec/service-rules.js";

/** The transport's bounded body read (the doctor reads token hosts with it). */
export { BodyTooLargeError, readBody } from "./transport/read-body.js";
