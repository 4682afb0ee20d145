/**
 * searchTokens in openapi.yaml: its contract parameter is upstream's (form/explode, 1–50, the pattern),
 * and its examples tell one story with getSftMetadata's (same token 35, same images, renamed).
 */
import { describe, expect, it } from "vitest";
import { parameterRules } from "../../src/generated/parameters.js";
import { loadSpec } from "../helpers/spec.js";

const spec = loadSpec();
const example = (name: string) => spec.components.examples[name]?.value;
type Item = Record<string, unknown> & { contract_id: string; token_number: number };

describe("openapi.yaml: searchTokens", () => {
  it("takes contract as upstream does: a repeated key, 1 to 50 ids, PRINCIPAL[:N]", () => {
    const contract = spec.components.parameters.Contract as unknown as Record<string, unknown>;
    expect(contract).toMatchObject({
      name: "contract",
      in: "query",
      required: true,
      style: "form",
      explode: true,
    });
    expect(parameterRules.contract).toEqual({
      type: "array",
      minItems: 1,
      maxItems: 50,
      items: {
        type: "string",
        pattern: "^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}(:\\d+)?$",
      },
    });
  });

  it("each item's sender_address is its contract's address, and token 35 matches getSftMetadata's example", () => {
    const sft = example("SftWithMetadata") as {
      token_uri: string;
      metadata: { image: string; cached_image: string; cached_thumbnail_image: string };
    };
    const items = ["SearchMixed", "SearchWithLocale", "SearchPartial"].flatMap((n) => example(n) as Item[]);
    for (const item of items) expect(item.sender_address).toBe(item.contract_id.split(".")[0]);
    const token35 = items.filter((i) => i.token_number === 35 && i.image_uri !== undefined);
    expect(token35.length).toBeGreaterThan(0);
    for (const item of token35) {
      expect(item.contract_id).toBe(spec.components.parameters.Principal?.example);
      expect(item).toMatchObject({
        token_uri: sft.token_uri,
        image_uri: sft.metadata.cached_image,
        image_thumbnail_uri: sft.metadata.cached_thumbnail_image,
        image_canonical_uri: sft.metadata.image,
      });
    }
  });
});
