/**
 * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.
 * The path and query parameter rules of the spec, checked by the client before it sends a request.
 */

export const principalRule = {
  "type": "string",
  "pattern": "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$"
} as const;

export const token_idRule = {
  "type": "integer",
  "minimum": 0
} as const;

export const localeRule = {
  "type": "string",
  "maxLength": 35
} as const;

export const ordinalRule = {
  "type": "integer",
  "minimum": 0,
  "exclusiveMaximum": 2099999997690000
} as const;

export const tx_idRule = {
  "type": "string",
  "pattern": "^[a-fA-F0-9]{64}$"
} as const;

export const offsetRule = {
  "type": "integer",
  "minimum": 0,
  "default": 0
} as const;

export const limitRule = {
  "type": "integer",
  "minimum": 1,
  "maximum": 60,
  "default": 20
} as const;

export const contractRule = {
  "type": "array",
  "minItems": 1,
  "maxItems": 50,
  "items": {
    "type": "string",
    "pattern": "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}(:\\d+)?$"
  }
} as const;

export const nameRule = {
  "type": "string"
} as const;

export const symbolRule = {
  "type": "string"
} as const;

export const addressRule = {
  "type": "string",
  "pattern": "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}"
} as const;

export const valid_metadata_onlyRule = {
  "type": "boolean",
  "default": false
} as const;

export const order_byRule = {
  "type": "string",
  "enum": [
    "name",
    "symbol"
  ],
  "default": "name"
} as const;

export const orderRule = {
  "type": "string",
  "enum": [
    "asc",
    "desc"
  ],
  "default": "asc"
} as const;

/** Every rule, by parameter name. */
export const parameterRules = { principal: principalRule, token_id: token_idRule, locale: localeRule, ordinal: ordinalRule, tx_id: tx_idRule, offset: offsetRule, limit: limitRule, contract: contractRule, name: nameRule, symbol: symbolRule, address: addressRule, valid_metadata_only: valid_metadata_onlyRule, order_by: order_byRule, order: orderRule } as const;
