/**
 * Where each remedy is documented. Upstream facts read at stx-labs/token-metadata-api 527227a (v2.3.0).
 */
const TMA = "https://github.com/stx-labs/token-metadata-api/blob/527227a46cc08d5692738111583106290ae193b4";

/** Where each remedy is documented. */
export const SOURCES = {
  sip016: "https://github.com/stacksgov/sips/blob/main/sips/sip-016/sip-016-token-metadata.md",
  sip019:
    "https://github.com/stacksgov/sips/blob/main/sips/sip-019/sip-019-token-metadata-update-notifications.md",
  sip010: "https://github.com/stacksgov/sips/blob/main/sips/sip-010/sip-010-fungible-token-standard.md",
  sip009: "https://github.com/stacksgov/sips/blob/main/sips/sip-009/sip-009-nft-standard.md",
  notificationClasses: `${TMA}/src/token-processor/util/sip-validation.ts`,
  notificationEffect: `${TMA}/src/pg/stacks-core-pg-store.ts`,
  metadataReading: `${TMA}/src/token-processor/util/metadata-helpers.ts`,
  settings: `${TMA}/src/env.ts`,
  routes: `${TMA}/src/api/routes/ft.ts`,
  adminRpc: `${TMA}/src/admin-rpc/init.ts`,
  ipfsRateLimit: "https://github.com/stx-labs/token-metadata-api/issues/223",
  botProtection: "https://github.com/stx-labs/token-metadata-api/issues/281",
  notSip016: "https://github.com/stx-labs/token-metadata-api/issues/139",
  serverFails: "https://github.com/stx-labs/token-metadata-api/issues/267",
} as const;
