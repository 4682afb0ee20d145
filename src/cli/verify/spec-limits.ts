/**
 * The spec's parameter rules that `verify` steps outside of, and checks its samples with. The CLI uses the library through its
 * public entry only, so they are kept here as data; test/unit/verify-page-maximum.test.ts fails when
 * openapi.yaml's rules drift from them.
 */
export const SPEC_LIMITS = {
  /** `limit`'s maximum: the default page maximum (bitcoin-indexer's API_RESULTS_MAX_LIMIT may change it). */
  limitMaximum: 60,
  offsetMinimum: 0,
  /** One past the last sat (2099999997689999). */
  ordinalExclusiveMaximum: 2099999997690000,
  principalPattern: "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$",
  txIdPattern: "^[a-fA-F0-9]{64}$",
} as const;
