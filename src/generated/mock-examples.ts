/**
 * Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.
 * Every named response example per operation, with its status and, from `x-request`, the request
 * it answers. Read by the mock's rules (src/mock/), never by the client.
 */
export interface MockExample {
  readonly name: string;
  readonly status: number;
  readonly request?: { readonly path: Readonly<Record<string, string>>; readonly query: Readonly<Record<string, string>> };
  readonly value: unknown;
}

export const mockExamples: Readonly<Record<string, readonly MockExample[]>> = {
  "getSftMetadata": [
    {
      "name": "withMetadata",
      "status": 200,
      "request": {
        "path": {
          "principal": "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
          "token_id": "35"
        },
        "query": {}
      },
      "value": {
        "token_uri": "https://example.com/tokens/35.json",
        "decimals": 6,
        "total_supply": "250",
        "metadata": {
          "sip": 16,
          "name": "key-alex-autoalex-v1 #35",
          "description": "Token 35 of the key-alex-autoalex-v1 semi-fungible token contract.",
          "image": "https://example.com/tokens/35.png",
          "cached_image": "https://example.com/cache/tokens/35.png",
          "cached_thumbnail_image": "https://example.com/cache/tokens/35-thumbnail.png",
          "attributes": [
            {
              "trait_type": "Background",
              "display_type": "string",
              "value": "Gold"
            },
            {
              "trait_type": "strength",
              "display_type": "number",
              "value": 105
            },
            {
              "trait_type": "powers",
              "display_type": "array",
              "value": [
                1,
                2,
                4
              ]
            }
          ],
          "properties": {
            "collection": "key-alex-autoalex-v1",
            "edition": 35
          }
        }
      }
    },
    {
      "name": "withLocale",
      "status": 200,
      "request": {
        "path": {
          "principal": "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
          "token_id": "35"
        },
        "query": {
          "locale": "es"
        }
      },
      "value": {
        "token_uri": "https://example.com/tokens/35.json",
        "decimals": 6,
        "total_supply": "250",
        "metadata": {
          "sip": 16,
          "name": "key-alex-autoalex-v1 n.º 35",
          "description": "Token 35 del contrato semifungible key-alex-autoalex-v1.",
          "image": "https://example.com/tokens/35.png",
          "cached_image": "https://example.com/cache/tokens/35.png",
          "cached_thumbnail_image": "https://example.com/cache/tokens/35-thumbnail.png"
        }
      }
    },
    {
      "name": "withoutMetadata",
      "status": 200,
      "value": {
        "token_uri": "https://example.com/tokens/35.json",
        "decimals": 6,
        "total_supply": "250"
      }
    },
    {
      "name": "metadataJobFailed",
      "status": 200,
      "request": {
        "path": {
          "principal": "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
          "token_id": "40"
        },
        "query": {}
      },
      "value": {}
    },
    {
      "name": "invalidPrincipal",
      "status": 400,
      "value": {
        "statusCode": 400,
        "error": "Bad Request",
        "message": "params/principal must match pattern \"^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$\"",
        "code": "FST_ERR_VALIDATION"
      }
    },
    {
      "name": "invalidTokenId",
      "status": 400,
      "value": {
        "statusCode": 400,
        "error": "Bad Request",
        "message": "params/token_id must be integer",
        "code": "FST_ERR_VALIDATION"
      }
    },
    {
      "name": "tokenNotFound",
      "status": 404,
      "value": {
        "error": "Token not found"
      }
    },
    {
      "name": "contractNotFound",
      "status": 404,
      "value": {
        "error": "Contract not found"
      }
    },
    {
      "name": "metadataFetchInProgress",
      "status": 422,
      "request": {
        "path": {
          "principal": "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
          "token_id": "99"
        },
        "query": {}
      },
      "value": {
        "error": "Token metadata fetch in progress"
      }
    },
    {
      "name": "localeNotFound",
      "status": 422,
      "value": {
        "error": "Locale not found"
      }
    },
    {
      "name": "tokenError",
      "status": 422,
      "request": {
        "path": {
          "principal": "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1",
          "token_id": "13"
        },
        "query": {}
      },
      "value": {
        "error": "Token error",
        "message": "Metadata could not be parsed or it does not conform to SIP-016"
      }
    },
    {
      "name": "rateLimited",
      "status": 429,
      "value": {
        "message": "API rate limit exceeded"
      }
    },
    {
      "name": "internalServerError",
      "status": 500,
      "value": {
        "statusCode": 500,
        "error": "Internal Server Error",
        "message": "Connection terminated unexpectedly"
      }
    }
  ],
  "getSatoshiInscriptions": [
    {
      "name": "inscriptions",
      "status": 200,
      "request": {
        "path": {
          "ordinal": "1252201400444387"
        },
        "query": {}
      },
      "value": {
        "limit": 20,
        "offset": 0,
        "total": 1,
        "results": [
          {
            "id": "6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799i0",
            "number": 0,
            "address": "bc1p3cyx5e2hgh53w7kpxcvm8s4kkega9gv5wfw7c4qxsvxl0u8x834qf0u2td",
            "genesis_address": "bc1p3cyx5e2hgh53w7kpxcvm8s4kkega9gv5wfw7c4qxsvxl0u8x834qf0u2td",
            "genesis_block_height": 767430,
            "genesis_block_hash": "000000000000000000002a244dc7dfcf8ab85e42d182531c27197fc125086f19",
            "genesis_tx_id": "6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799",
            "genesis_fee": "322",
            "genesis_timestamp": 1671049920000,
            "tx_id": "6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799",
            "location": "6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799:0:0",
            "output": "6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799:0",
            "value": "10000",
            "offset": "0",
            "sat_ordinal": "1252201400444387",
            "sat_rarity": "common",
            "sat_coinbase_height": 290880,
            "mime_type": "image/png",
            "content_type": "image/png",
            "content_length": 793,
            "timestamp": 1671049920000,
            "curse_type": null,
            "recursive": false,
            "recursion_refs": [],
            "parent": null,
            "parent_refs": [],
            "delegate": null,
            "metadata": null,
            "meta_protocol": null,
            "charms": []
          }
        ]
      }
    },
    {
      "name": "satoshiInscriptionsPage1",
      "status": 200,
      "request": {
        "path": {
          "ordinal": "1953186061218487"
        },
        "query": {
          "offset": "0"
        }
      },
      "value": {
        "limit": 2,
        "offset": 0,
        "total": 3,
        "results": [
          {
            "id": "d3d7aabbc80a6b3d73c2c6076196faa9c1d52bba4113321aab40bd5179140477i0",
            "number": 71234567,
            "address": "bc1pmzfrwwndsqmk5yh69yjr5lfgfg4ev8c0tsc06e6s4tnx0fmqmnlqjkx5lt",
            "genesis_address": "bc1pmzfrwwndsqmk5yh69yjr5lfgfg4ev8c0tsc06e6s4tnx0fmqmnlqjkx5lt",
            "genesis_block_height": 842113,
            "genesis_block_hash": "00000000000000000000c576de791bb965b8f8fee11cd349168f2ca641b90ab2",
            "genesis_tx_id": "d3d7aabbc80a6b3d73c2c6076196faa9c1d52bba4113321aab40bd5179140477",
            "genesis_fee": "2150",
            "genesis_timestamp": 1714052531000,
            "tx_id": "d3d7aabbc80a6b3d73c2c6076196faa9c1d52bba4113321aab40bd5179140477",
            "location": "d3d7aabbc80a6b3d73c2c6076196faa9c1d52bba4113321aab40bd5179140477:0:0",
            "output": "d3d7aabbc80a6b3d73c2c6076196faa9c1d52bba4113321aab40bd5179140477:0",
            "value": "546",
            "offset": "0",
            "sat_ordinal": "1953186061218487",
            "sat_rarity": "common",
            "sat_coinbase_height": 781390,
            "mime_type": "text/plain",
            "content_type": "text/plain;charset=utf-8",
            "content_length": 57,
            "timestamp": 1714052531000,
            "curse_type": null,
            "recursive": false,
            "recursion_refs": [],
            "parent": null,
            "parent_refs": [],
            "delegate": null,
            "metadata": null,
            "meta_protocol": null,
            "charms": []
          },
          {
            "id": "d0ca83ad786b450fb0b2efdd9f5a00410da88e801a54ea4a2b70223a69a79596i0",
            "number": 65432100,
            "address": "bc1pmzfrwwndsqmk5yh69yjr5lfgfg4ev8c0tsc06e6s4tnx0fmqmnlqjkx5lt",
            "genesis_address": "bc1pmzfrwwndsqmk5yh69yjr5lfgfg4ev8c0tsc06e6s4tnx0fmqmnlqjkx5lt",
            "genesis_block_height": 839012,
            "genesis_block_hash": "000000000000000000000dbbc13d56a897d4a13418d21bc279c194670cbb0d0a",
            "genesis_tx_id": "d0ca83ad786b450fb0b2efdd9f5a00410da88e801a54ea4a2b70223a69a79596",
            "genesis_fee": "2150",
            "genesis_timestamp": 1713221877000,
            "tx_id": "d0ca83ad786b450fb0b2efdd9f5a00410da88e801a54ea4a2b70223a69a79596",
            "location": "d0ca83ad786b450fb0b2efdd9f5a00410da88e801a54ea4a2b70223a69a79596:0:0",
            "output": "d0ca83ad786b450fb0b2efdd9f5a00410da88e801a54ea4a2b70223a69a79596:0",
            "value": "546",
            "offset": "0",
            "sat_ordinal": "1953186061218487",
            "sat_rarity": "common",
            "sat_coinbase_height": 781390,
            "mime_type": "text/plain",
            "content_type": "text/plain;charset=utf-8",
            "content_length": 40,
            "timestamp": 1713221877000,
            "curse_type": null,
            "recursive": false,
            "recursion_refs": [],
            "parent": null,
            "parent_refs": [],
            "delegate": null,
            "metadata": null,
            "meta_protocol": null,
            "charms": []
          }
        ]
      }
    },
    {
      "name": "satoshiInscriptionsPage2",
      "status": 200,
      "request": {
        "path": {
          "ordinal": "1953186061218487"
        },
        "query": {
          "offset": "2"
        }
      },
      "value": {
        "limit": 2,
        "offset": 2,
        "total": 3,
        "results": [
          {
            "id": "d7eebb869bce281c97caaabeca668eb6617dcad02260ab0dc3a3190693f045c7i0",
            "number": 12345678,
            "address": "bc1pmzfrwwndsqmk5yh69yjr5lfgfg4ev8c0tsc06e6s4tnx0fmqmnlqjkx5lt",
            "genesis_address": "bc1pmzfrwwndsqmk5yh69yjr5lfgfg4ev8c0tsc06e6s4tnx0fmqmnlqjkx5lt",
            "genesis_block_height": 790541,
            "genesis_block_hash": "00000000000000000000a1660f2adf1a466145557bfd4474619652bc527499d6",
            "genesis_tx_id": "d7eebb869bce281c97caaabeca668eb6617dcad02260ab0dc3a3190693f045c7",
            "genesis_fee": "2150",
            "genesis_timestamp": 1684412345000,
            "tx_id": "d7eebb869bce281c97caaabeca668eb6617dcad02260ab0dc3a3190693f045c7",
            "location": "d7eebb869bce281c97caaabeca668eb6617dcad02260ab0dc3a3190693f045c7:0:0",
            "output": "d7eebb869bce281c97caaabeca668eb6617dcad02260ab0dc3a3190693f045c7:0",
            "value": "546",
            "offset": "0",
            "sat_ordinal": "1953186061218487",
            "sat_rarity": "common",
            "sat_coinbase_height": 781390,
            "mime_type": "text/plain",
            "content_type": "text/plain;charset=utf-8",
            "content_length": 68,
            "timestamp": 1684412345000,
            "curse_type": null,
            "recursive": false,
            "recursion_refs": [],
            "parent": null,
            "parent_refs": [],
            "delegate": null,
            "metadata": null,
            "meta_protocol": null,
            "charms": []
          }
        ]
      }
    },
    {
      "name": "emptyPage",
      "status": 200,
      "value": {
        "limit": 20,
        "offset": 0,
        "total": 0,
        "results": []
      }
    },
    {
      "name": "invalidSatoshiOrdinal",
      "status": 400,
      "value": {
        "error": "Invalid satoshi ordinal number"
      }
    },
    {
      "name": "serviceRetired",
      "status": 410,
      "value": {
        "message": "This API has been retired.",
        "documentation_url": "https://docs.hiro.so/"
      }
    },
    {
      "name": "rateLimited",
      "status": 429,
      "value": {
        "message": "API rate limit exceeded"
      }
    },
    {
      "name": "internalServerError",
      "status": 500,
      "value": {
        "statusCode": 500,
        "error": "Internal Server Error",
        "message": "Connection terminated unexpectedly"
      }
    }
  ],
  "getTransactionActivity": [
    {
      "name": "etching",
      "status": 200,
      "request": {
        "path": {
          "tx_id": "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e"
        },
        "query": {}
      },
      "value": {
        "limit": 20,
        "offset": 0,
        "total": 1,
        "results": [
          {
            "rune": {
              "id": "840000:1",
              "number": 1,
              "name": "ZZZZZFEHUZZZZZ",
              "spaced_name": "Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z"
            },
            "operation": "etching",
            "location": {
              "block_hash": "0000000000000000000320283a032748cef8227873ff4872689bf23f1cda83a5",
              "block_height": 840000,
              "tx_id": "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e",
              "tx_index": 1,
              "timestamp": 1713571767
            }
          }
        ]
      }
    },
    {
      "name": "transfer",
      "status": 200,
      "request": {
        "path": {
          "tx_id": "7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c"
        },
        "query": {}
      },
      "value": {
        "limit": 20,
        "offset": 0,
        "total": 3,
        "results": [
          {
            "rune": {
              "id": "840000:3",
              "number": 3,
              "name": "DOGGOTOTHEMOON",
              "spaced_name": "DOG•GO•TO•THE•MOON"
            },
            "operation": "receive",
            "address": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
            "amount": "2500.00000",
            "location": {
              "block_hash": "00000000000000000001b8e5c3e6f2a96d4a0c7d2e1f3b5a7c9d1e3f5a7b9c1d",
              "block_height": 840512,
              "tx_id": "7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c",
              "tx_index": 417,
              "vout": 1,
              "output": "7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c:1",
              "timestamp": 1713862144
            }
          },
          {
            "rune": {
              "id": "840000:3",
              "number": 3,
              "name": "DOGGOTOTHEMOON",
              "spaced_name": "DOG•GO•TO•THE•MOON"
            },
            "operation": "send",
            "address": "bc1pgdrveee2v4ez95szaakw5gkd8eennv2dddf9rjdrlt6ch56lzrrsxgvazt",
            "receiver_address": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
            "amount": "2500.00000",
            "location": {
              "block_hash": "00000000000000000001b8e5c3e6f2a96d4a0c7d2e1f3b5a7c9d1e3f5a7b9c1d",
              "block_height": 840512,
              "tx_id": "7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c",
              "tx_index": 417,
              "vout": 1,
              "output": "7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c:1",
              "timestamp": 1713862144
            }
          },
          {
            "rune": {
              "id": "840000:3",
              "number": 3,
              "name": "DOGGOTOTHEMOON",
              "spaced_name": "DOG•GO•TO•THE•MOON"
            },
            "operation": "mint",
            "amount": "10000.00000",
            "location": {
              "block_hash": "00000000000000000001b8e5c3e6f2a96d4a0c7d2e1f3b5a7c9d1e3f5a7b9c1d",
              "block_height": 840512,
              "tx_id": "7b3c5d1e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c",
              "tx_index": 417,
              "timestamp": 1713862144
            }
          }
        ]
      }
    },
    {
      "name": "emptyPage",
      "status": 200,
      "value": {
        "limit": 20,
        "offset": 0,
        "total": 0,
        "results": []
      }
    },
    {
      "name": "invalidTxId",
      "status": 400,
      "value": {
        "statusCode": 400,
        "error": "Bad Request",
        "message": "params/tx_id must match pattern \"^[a-fA-F0-9]{64}$\""
      }
    },
    {
      "name": "limitTooLarge",
      "status": 400,
      "value": {
        "statusCode": 400,
        "error": "Bad Request",
        "message": "querystring/limit must be <= 60"
      }
    },
    {
      "name": "serviceRetired",
      "status": 410,
      "value": {
        "message": "This API has been retired.",
        "documentation_url": "https://docs.hiro.so/"
      }
    },
    {
      "name": "rateLimited",
      "status": 429,
      "value": {
        "message": "API rate limit exceeded"
      }
    },
    {
      "name": "internalServerError",
      "status": 500,
      "value": {
        "statusCode": 500,
        "error": "Internal Server Error",
        "message": "Connection terminated unexpectedly"
      }
    }
  ]
};
