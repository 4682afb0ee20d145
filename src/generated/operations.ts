/**
 * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.
 * One row per operation: its path, service, path and query parameters (their rules are in
 * `parameters.ts`, by name), and whether it is paged (offset and limit).
 */
export const operations = {
  getSftMetadata: {
    method: "get",
    path: "/metadata/v1/sft/{principal}/{token_id}",
    service: "metadata",
    pathParams: ["principal", "token_id"],
    queryParams: ["locale"],
    paged: false,
  },
  getSatoshiInscriptions: {
    method: "get",
    path: "/ordinals/v1/sats/{ordinal}/inscriptions",
    service: "ordinals",
    pathParams: ["ordinal"],
    queryParams: ["offset", "limit"],
    paged: true,
  },
  getTransactionActivity: {
    method: "get",
    path: "/runes/v1/transactions/{tx_id}/activity",
    service: "runes",
    pathParams: ["tx_id"],
    queryParams: ["offset", "limit"],
    paged: true,
  },
  searchTokens: {
    method: "get",
    path: "/metadata/v1/search",
    service: "metadata",
    pathParams: [],
    queryParams: ["contract", "locale"],
    paged: false,
  },
  getApiStatus: {
    method: "get",
    path: "/metadata/v1/",
    service: "metadata",
    pathParams: [],
    queryParams: [],
    paged: false,
  },
  getFungibleTokens: {
    method: "get",
    path: "/metadata/v1/ft",
    service: "metadata",
    pathParams: [],
    queryParams: ["name", "symbol", "address", "valid_metadata_only", "offset", "limit", "order_by", "order"],
    paged: true,
  },
  getFtMetadata: {
    method: "get",
    path: "/metadata/v1/ft/{principal}",
    service: "metadata",
    pathParams: ["principal"],
    queryParams: ["locale"],
    paged: false,
  },
  getNftMetadata: {
    method: "get",
    path: "/metadata/v1/nft/{principal}/{token_id}",
    service: "metadata",
    pathParams: ["principal", "token_id"],
    queryParams: ["locale"],
    paged: false,
  },
} as const;

/**
 * What each operation answers, for tools (verify, docs): the schema of its 200 body, those of its 400
 * bodies, and the error kinds of its documented error bodies (`x-error-kind`). Not needed at run time,
 * so a separate export: a bundler leaves it out of an app that does not read it.
 */
export const operationAnswers = {
  getSftMetadata: {
    responseSchema: "SftMetadataResponse",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: ["not_found", "metadata_pending", "locale_not_found", "token_error"],
  },
  getSatoshiInscriptions: {
    responseSchema: "PaginatedInscriptions",
    invalidRequestSchemas: ["InvalidSatoshiOrdinalError"],
    errorKinds: [],
  },
  getTransactionActivity: {
    responseSchema: "PaginatedRuneActivity",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: [],
  },
  searchTokens: {
    responseSchema: "SearchResponse",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: [],
  },
  getApiStatus: {
    responseSchema: "ApiStatusResponse",
    invalidRequestSchemas: [],
    errorKinds: [],
  },
  getFungibleTokens: {
    responseSchema: "PaginatedFtBasicMetadata",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: [],
  },
  getFtMetadata: {
    responseSchema: "FtMetadataResponse",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: ["not_found", "metadata_pending", "locale_not_found", "token_error"],
  },
  getNftMetadata: {
    responseSchema: "NftMetadataResponse",
    invalidRequestSchemas: ["ValidationError"],
    errorKinds: ["not_found", "metadata_pending", "locale_not_found", "token_error"],
  },
} as const;
