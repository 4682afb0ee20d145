/**
 * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.
 * The path and query parameter rules of the spec, checked by the client before it sends a request.
 */
export const parameterRules = {
  "principal": {
    "type": "string",
    "pattern": "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$"
  },
  "token_id": {
    "type": "integer",
    "minimum": 0
  },
  "locale": {
    "type": "string"
  },
  "ordinal": {
    "type": "integer",
    "minimum": 0,
    "exclusiveMaximum": 2099999997690000
  },
  "tx_id": {
    "type": "string",
    "pattern": "^[a-fA-F0-9]{64}$"
  },
  "offset": {
    "type": "integer",
    "minimum": 0,
    "default": 0
  },
  "limit": {
    "type": "integer",
    "minimum": 1,
    "maximum": 60,
    "default": 20
  },
  "contract": {
    "type": "array",
    "minItems": 1,
    "maxItems": 50,
    "items": {
      "type": "string",
      "pattern": "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}(:\\d+)?$"
    }
  }
} as const;
