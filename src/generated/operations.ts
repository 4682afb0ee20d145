/**
 * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.
 * One row per operation: its path, service, path and query parameters with the rules the client
 * checks, whether it is paged (offset and limit), its 200 and 400 body schemas, and the error kinds
 * of its documented error bodies (`x-error-kind`).
 */
import { parameterRules } from "./parameters.js";

export const operations = {
  getSftMetadata: {
    method: "get",
    path: "/metadata/v1/sft/{principal}/{token_id}",
    service: "metadata",
    pathParams: { principal: parameterRules.principal, token_id: parameterRules.token_id },
    queryParams: { locale: parameterRules.locale },
    paged: false,
    responseSchema: "SftMetadataResponse",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: ["not_found", "metadata_pending", "locale_not_found", "token_error"],
  },
  getSatoshiInscriptions: {
    method: "get",
    path: "/ordinals/v1/sats/{ordinal}/inscriptions",
    service: "ordinals",
    pathParams: { ordinal: parameterRules.ordinal },
    queryParams: { offset: parameterRules.offset, limit: parameterRules.limit },
    paged: true,
    responseSchema: "PaginatedInscriptions",
    invalidRequestSchemas: ["InvalidSatoshiOrdinalError"],
    errorKinds: [],
  },
  getTransactionActivity: {
    method: "get",
    path: "/runes/v1/transactions/{tx_id}/activity",
    service: "runes",
    pathParams: { tx_id: parameterRules.tx_id },
    queryParams: { offset: parameterRules.offset, limit: parameterRules.limit },
    paged: true,
    responseSchema: "PaginatedRuneActivity",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: [],
  },
} as const;
