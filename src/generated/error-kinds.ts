/**
 * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.
 * The documented error bodies (schemas with `x-error-kind`): operationId → status → `error` string →
 * the HiroApiError kind it means, and whether that body must also carry a string `message`.
 */
export const errorKinds = {
  "getSftMetadata": {
    "404": {
      "Token not found": {
        "kind": "not_found",
        "requiresMessage": false
      },
      "Contract not found": {
        "kind": "not_found",
        "requiresMessage": false
      }
    },
    "422": {
      "Token metadata fetch in progress": {
        "kind": "metadata_pending",
        "requiresMessage": false
      },
      "Locale not found": {
        "kind": "locale_not_found",
        "requiresMessage": false
      },
      "Token error": {
        "kind": "token_error",
        "requiresMessage": true
      }
    }
  },
  "getFtMetadata": {
    "404": {
      "Token not found": {
        "kind": "not_found",
        "requiresMessage": false
      },
      "Contract not found": {
        "kind": "not_found",
        "requiresMessage": false
      }
    },
    "422": {
      "Token metadata fetch in progress": {
        "kind": "metadata_pending",
        "requiresMessage": false
      },
      "Locale not found": {
        "kind": "locale_not_found",
        "requiresMessage": false
      },
      "Token error": {
        "kind": "token_error",
        "requiresMessage": true
      }
    }
  },
  "getNftMetadata": {
    "404": {
      "Token not found": {
        "kind": "not_found",
        "requiresMessage": false
      },
      "Contract not found": {
        "kind": "not_found",
        "requiresMessage": false
      }
    },
    "422": {
      "Token metadata fetch in progress": {
        "kind": "metadata_pending",
        "requiresMessage": false
      },
      "Locale not found": {
        "kind": "locale_not_found",
        "requiresMessage": false
      },
      "Token error": {
        "kind": "token_error",
        "requiresMessage": true
      }
    }
  }
} as const;
