/**
 * `hiro-lookup/doctor`: why a token's metadata is missing, and what to do (`diagnoseToken`). A subpath of
 * its own: apps that only look tokens up do not bundle it, and the main entry's size guards do not move.
 * @packageDocumentation
 */
export { type MetadataService, TOKEN_KINDS, type TokenKind, type TokenTarget } from "./ask-service.js";
export type { KindSearch } from "./check-kind.js";
export { type DiagnoseOptions, diagnoseToken } from "./diagnose.js";
export {
  type Diagnosis,
  FINDING_CODES,
  FINDING_LEVELS,
  FIX_AUDIENCES,
  type Finding,
  type FindingCode,
  type FindingLevel,
  type Fix,
  type FixAudience,
  VERDICTS,
  type Verdict,
} from "./findings.js";
export { DEFAULT_GATEWAYS, type Gateways } from "./resolve-uri.js";
