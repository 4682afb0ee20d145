/**
 * Contract tests of `searchTokens` against the Prism mock of openapi.yaml: every documented status and
 * named example, as the server sends it (through `client.raw`, so the body is the wire's) and through
 * `client.searchTokens` (results in the order asked, the missing named, each error status its kind), the
 * requests the client builds valid for the spec. The generic table of contract.test.ts compares a
 * lookup's result with the example body; a search's result is `{ results, missing }`, so its cases live here.
 */
import { describe, expect, inject, it } from "vitest";
import { HiroApiError, type SearchResultItem } from "../../src/index.js";
import { recordingClient } from "../helpers/prism-violations.js";
import { loadSpec, operationStatuses, refName, specAjv, validatorFor } from "../helpers/spec.js";

const baseUrl = inject("prismUrl");
const liveTarget = inject("liveTarget");
const spec = loadSpec();
const ajv = specAjv(spec);

const SFT = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const FT = "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token";
/** The union of the tokens the 200 examples answer (36 the pending one), and :99, which none has. */
export const ASKED = [`${SFT}:35`, FT, `${SFT}:99`, `${SFT}:36`];

/** The kind each documented error status must come out as through the client. */
const KINDS: Record<number, string> = {
  304: "not_modified",
  400: "invalid_request",
  429: "rate_limited",
  500: "server_error",
};

/** Every (status, named example) of searchTokens in the spec. */
const cases = operationStatuses(spec)
  .filter((pair) => pair.operationId === "searchTokens")
  .flatMap(({ status, response }) => {
    const media = response.content?.["application/json"];
    const examples = Object.entries(media?.examples ?? {});
    const schema = media ? refName(media.schema.$ref) : undefined;
    if (examples.length === 0) return [{ status, example: undefined, value: undefined, schema }];
    return examples.map(([example, ref]) => ({
      status,
      example: example as string | undefined,
      value: spec.components.examples[refName(ref.$ref)]?.value,
      schema,
    }));
  });

describe.skipIf(liveTarget)("searchTokens against the mock", () => {
  it("documents 200, 304, 400, 429 and 500, each 200 and 400 with named examples", () => {
    expect([...new Set(cases.map((c) => c.status))]).toEqual([200, 304, 400, 429, 500]);
    const named = (status: number) => cases.filter((c) => c.status === status).map((c) => c.example);
    expect(named(200)).toEqual(["mixed", "withLocale", "partial", "pending", "noneFound"]);
    expect(named(400)).toEqual(["tooManyContracts", "missingContract", "invalidContract"]);
  });

  it.each(cases.map((c) => ({ ...c, label: `${c.status} ${c.example ?? "(no body)"}` })))(
    "raw: $label comes as documented, asked with a request valid for the spec",
    async ({ status, example, value, schema }) => {
      const { client, violations } = recordingClient(baseUrl);
      const prefer = example === undefined ? `code=${status}` : `code=${status}, example=${example}`;
      const { data, error, response } = await client.raw.GET("/metadata/v1/search", {
        params: { query: { contract: ASKED } },
        headers: { Prefer: prefer },
      });
      expect(violations).toEqual([null]);
      expect(response.status).toBe(status);
      if (status === 304) return expect(response.headers.get("content-length") ?? "0").toBe("0");
      expect(status === 200 ? data : error).toEqual(value);
      const validate = validatorFor(ajv, schema ?? "");
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      if (status === 200) expect(response.headers.get("etag")).toMatch(/^"/);
    },
  );

  it.each(cases.map((c) => ({ ...c, label: `${c.status} ${c.example ?? "(no body)"}` })))(
    "client: $label comes out as { results, missing } or its typed error",
    async ({ status, example, value }) => {
      const { client, violations } = recordingClient(baseUrl);
      const prefer = example === undefined ? `code=${status}` : `code=${status}, example=${example}`;
      const outcome = await client
        .searchTokens({ contract: ASKED }, { headers: { Prefer: prefer }, maxRetries: 0 })
        .catch((e: unknown) => e);
      expect(violations).toEqual([null]);
      if (status !== 200) {
        expect(outcome).toBeInstanceOf(HiroApiError);
        return expect(outcome).toMatchObject({ kind: KINDS[status], status, operationId: "searchTokens" });
      }
      // The example's items, in the order asked; the ids it lacks, as written (the FT without ":1").
      const items = value as SearchResultItem[];
      const keyOf = (id: string) => (id.includes(":") ? id : `${id}:1`);
      const itemOf = (id: string) => items.find((i) => `${i.contract_id}:${i.token_number}` === keyOf(id));
      expect(outcome).toEqual({
        results: ASKED.map(itemOf).filter((i) => i !== undefined),
        missing: ASKED.filter((id) => itemOf(id) === undefined),
      });
    },
  );

  it("Prism refuses 51 ids, a bad id and no id (the spec's bounds and pattern)", async () => {
    const { client } = recordingClient(baseUrl);
    const ask = async (contract: string[]) => {
      const { response } = await client.raw.GET("/metadata/v1/search", { params: { query: { contract } } });
      return { status: response.status, violations: response.headers.get("sl-violations") ?? "" };
    };
    const many = Array.from({ length: 51 }, (_, i) => `${SFT}:${i + 1}`);
    expect(await ask(many)).toMatchObject({ status: 400, violations: expect.stringContaining("50") });
    expect(await ask([`${SFT.toLowerCase()}:1`])).toMatchObject({ status: 400 });
    expect(await ask([])).toMatchObject({ status: 400 });
    expect((await ask(many.slice(0, 50))).status).toBe(200);
  });
});
