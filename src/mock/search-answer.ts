/**
 * The mock's rule for `searchTokens`, as upstream's search answers: the tokens the spec's search
 * examples know, among those asked, in the examples' order (the database's, not the order asked); an
 * unknown token absent; a token asked twice (`P` and `P:1`) twice. With a `locale` an example has
 * (its `x-request`), that example's items; with another, the tokens without their metadata fields.
 * A 200 with tokens carries an `ETag`; asked exactly a named example's tokens, that example is named.
 * No id, more than 50 or a bad one: Fastify's 400, as upstream words it.
 */
import { parameterRules } from "../generated/parameters.js";
import type { MockAnswer, MockExample } from "./types.js";

type Item = Record<string, unknown> & { contract_id: string; token_number: number };

const ID = new RegExp(parameterRules.contract.items.pattern);
/** What upstream takes from the token's metadata: absent in a locale the metadata does not have. */
const METADATA_FIELDS = ["description", "image_uri", "image_thumbnail_uri", "image_canonical_uri"];
/** The tag of a computed 200 (the spec's ETag example): the mock's tokens never change. */
const ETAG = '"1713571767.123"';

const keyOf = (item: Item) => `${item.contract_id}:${item.token_number}`;

/** `P` → `P:1`, `P:0035` → `P:35`: the token an id names, as upstream reads it. */
function tokenOf(id: string): string {
  const [principal, n = "1"] = id.split(":");
  return `${principal}:${Number(n)}`;
}

/** The first item per token of the 200 examples asked in `locale` (undefined: the default locale). */
function catalog(examples: readonly MockExample[], locale: string | undefined): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const e of examples) {
    if (e.status !== 200 || e.request?.query.locale !== locale) continue;
    for (const item of e.value as Item[]) if (!items.has(keyOf(item))) items.set(keyOf(item), item);
  }
  return items;
}

/** Without the fields upstream reads from the metadata of the locale asked. */
function withoutMetadata(item: Item): Item {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !METADATA_FIELDS.includes(k))) as Item;
}

/** What upstream's validation says of `contract`, or undefined when it passes. */
function problemOf(contract: readonly string[]): string | undefined {
  const { items, minItems, maxItems } = parameterRules.contract;
  if (contract.length < minItems) return "querystring must have required property 'contract'";
  if (contract.length > maxItems) return `querystring/contract must NOT have more than ${maxItems} items`;
  const bad = contract.findIndex((id) => !ID.test(id));
  return bad < 0 ? undefined : `querystring/contract/${bad} must match pattern "${items.pattern}"`;
}

/**
 * The answer to a search for `contract` (every value of the repeated key) in `locale`, from the
 * operation's examples.
 */
export function searchAnswer(
  examples: readonly MockExample[],
  contract: readonly string[],
  locale: string | undefined,
): MockAnswer {
  const problem = problemOf(contract);
  if (problem) {
    const body = { statusCode: 400, code: "FST_ERR_VALIDATION", error: "Bad Request", message: problem };
    const same = examples.find((e) => e.status === 400 && JSON.stringify(e.value) === JSON.stringify(body));
    return { status: 400, body, ...(same ? { example: same.name } : {}) };
  }
  const asked = contract.map(tokenOf);
  const known = catalog(examples, undefined);
  const localized = locale ? catalog(examples, locale) : known;
  const body: Item[] = [];
  for (const [key, item] of known) {
    const answered = localized.get(key) ?? withoutMetadata(item);
    for (const token of asked) if (token === key) body.push(answered);
  }
  const text = JSON.stringify(body);
  const named = examples.find(
    (e) => e.status === 200 && e.request?.query.locale === locale && JSON.stringify(e.value) === text,
  );
  return {
    status: 200,
    body: structuredClone(body),
    headers: body.length > 0 ? { etag: ETAG } : {},
    ...(named ? { example: named.name } : {}),
  };
}
