import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { staleFiles } from "../../scripts/lib/generated-files.js";
import { typesSource } from "../../scripts/lib/spec-pipeline.js";
import {
  loadSpec,
  type OpenApiSpec,
  operationStatuses,
  type ResponseObject,
  ROOT,
  refName,
  specAjv,
  validatorFor,
} from "../helpers/spec.js";
import {
  upstreamFixture as fixture,
  upstreamFixtureFile,
  upstreamFixtureText,
} from "../helpers/upstream-fixtures.js";

const spec = loadSpec();
const ajv = specAjv(spec);

describe("openapi.yaml: shape", () => {
  it("declares exactly upstream's operation ids: every read route of the Token Metadata API, and one each of Ordinals and Runes", () => {
    const ids = operationStatuses(spec).map((p) => p.operationId);
    expect([...new Set(ids)]).toEqual([
      "getSftMetadata",
      "getSatoshiInscriptions",
      "getTransactionActivity",
      "searchTokens",
      "getApiStatus",
      "getFungibleTokens",
      "getFtMetadata",
      "getNftMetadata",
    ]);
  });

  it("keeps every path free of a trailing slash but getApiStatus's, upstream's own `/metadata/v1/`", () => {
    const slashed = Object.keys(spec.paths).filter((path) => path.endsWith("/"));
    expect(slashed).toEqual(["/metadata/v1/"]);
  });

  it("keeps info.version equal to package.json's version", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect((spec.info as { version: string }).version).toBe(pkg.version);
  });

  it("lists the Token Metadata API's mainnet, testnet and the local mock as servers", () => {
    const servers = (spec.servers as Array<{ url: string }>).map((s) => s.url);
    expect(servers).toEqual(["https://api.hiro.so", "https://api.testnet.hiro.so", "http://127.0.0.1:4010"]);
  });

  // Hiro's hosted Ordinals and Runes APIs were retired on 2026-03-09; bitcoin-indexer serves them as two
  // separate servers, each on its own API_PORT (default 3000), routes at the server's root.
  it.each(["/ordinals/v1/sats/{ordinal}/inscriptions", "/runes/v1/transactions/{tx_id}/activity"])(
    "%s: path-level servers are a self-hosted indexer (host, port) and the mock, never api.hiro.so",
    (path) => {
      const servers = spec.paths[path]?.servers as unknown as Array<{
        url: string;
        variables?: Record<string, { default: string }>;
      }>;
      expect(servers.map((s) => s.url)).toEqual(["http://{host}:{port}", "http://127.0.0.1:4010"]);
      expect(servers[0]?.variables?.host?.default).toBe("127.0.0.1");
      expect(servers[0]?.variables?.port?.default).toBe("3000");
      expect(JSON.stringify(spec.paths[path])).not.toContain("hiro.so");
    },
  );

  it("makes the x-api-key security optional", () => {
    expect(spec.security).toEqual([{}, { apiKey: [] }]);
  });

  it("gives every response with a body at least one named example", () => {
    for (const { operationId, status, response } of operationStatuses(spec)) {
      if (!response.content) continue;
      const examples = response.content["application/json"]?.examples ?? {};
      expect(Object.keys(examples).length, `${operationId} ${status}`).toBeGreaterThan(0);
    }
  });
});

describe("openapi.yaml: every named example validates against its schema (ajv 2020-12)", () => {
  const cases = operationStatuses(spec).flatMap(({ operationId, status, response }) =>
    Object.entries(response.content ?? {}).flatMap(([, media]) =>
      Object.entries(media.examples ?? {}).map(([exampleName, ref]) => ({
        label: `${operationId} ${status} ${exampleName}`,
        schema: refName(media.schema.$ref),
        example: refName(ref.$ref),
      })),
    ),
  );

  it.each(cases)("$label", ({ schema, example }) => {
    const validate = validatorFor(ajv, schema);
    const value = spec.components.examples[example]?.value;
    expect(value, `example ${example} exists`).toBeDefined();
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  });

  it("uses every example in components/examples", () => {
    const used = new Set(cases.map((c) => c.example));
    expect(Object.keys(spec.components.examples).filter((e) => !used.has(e))).toEqual([]);
  });

  it.each(Object.entries(spec.components.parameters))(
    "parameter %s: its examples fit its schema",
    (_, param) => {
      const validate = ajv.compile(param.schema);
      const values = [param.example, ...Object.values(param.examples ?? {}).map((e) => e.value)];
      for (const value of values.filter((v) => v !== undefined)) {
        expect(validate(value), `${param.name}=${String(value)}`).toBe(true);
      }
    },
  );
});

describe("openapi.yaml: each example is about the id it answers", () => {
  type Page = { limit: number; offset: number; total: number; results: unknown[] };
  type Example = { value: unknown; "x-request"?: { path: Record<string, string> } };
  const param = (name: string) => spec.components.parameters[name]?.example;
  const examplesOf = (path: string) => {
    const media = spec.paths[path]?.get?.responses["200"] as ResponseObject;
    return Object.entries(media.content?.["application/json"]?.examples ?? {}).map(([name, ref]) => {
      const example = spec.components.examples[refName(ref.$ref)] as Example;
      return { name, page: example.value as Page, asked: example["x-request"]?.path };
    });
  };
  const pages = [
    ...examplesOf("/ordinals/v1/sats/{ordinal}/inscriptions"),
    ...examplesOf("/runes/v1/transactions/{tx_id}/activity"),
  ];

  // An example tied to a request (x-request) is about the id it names; the others about the parameter's example.
  it("every inscription in a 200 example is on the sat its example answers", () => {
    const examples = examplesOf("/ordinals/v1/sats/{ordinal}/inscriptions");
    expect(examples.flatMap(({ page }) => page.results).length).toBeGreaterThan(1);
    for (const { name, page, asked } of examples) {
      const sat = asked?.ordinal ?? String(param("Ordinal"));
      for (const i of page.results) expect((i as { sat_ordinal: string }).sat_ordinal, name).toBe(sat);
    }
  });

  it("every rune activity in a 200 example is in the transaction its example answers", () => {
    const examples = examplesOf("/runes/v1/transactions/{tx_id}/activity");
    expect(examples.flatMap(({ page }) => page.results).length).toBeGreaterThan(1);
    for (const { name, page, asked } of examples) {
      const txId = asked?.tx_id ?? param("TxId");
      for (const a of page.results)
        expect((a as { location: { tx_id: string } }).location.tx_id, name).toBe(txId);
    }
  });

  it.each(pages.map(({ name, page }) => [name, page] as const))(
    "page example %s: within limit, total counts its results, a short page is the last",
    (_, page) => {
      expect(page.results.length).toBeLessThanOrEqual(page.limit);
      expect(page.offset + page.results.length).toBeLessThanOrEqual(page.total || page.offset);
      if (page.results.length < page.limit && page.total > 0)
        expect(page.total).toBe(page.offset + page.results.length);
    },
  );

  it("the token examples and code samples name the Principal and TokenId parameter examples", () => {
    const op = spec.paths["/metadata/v1/sft/{principal}/{token_id}"]?.get;
    const samples = JSON.stringify(op?.["x-codeSamples"]);
    expect(samples).toContain(`${param("Principal")}/${param("TokenId")}`);
    const withMetadata = spec.components.examples.SftWithMetadata?.value as { token_uri: string };
    expect(withMetadata.token_uri).toContain(`/${param("TokenId")}.json`);
  });
});

describe("upstream fixtures validate against the spec's schemas", () => {
  const fixtures = [
    ["tma-sft-200-valid-metadata", "SftMetadataResponse"],
    ["tma-sft-200-no-metadata-locales", "SftMetadataResponse"],
    ["tma-sft-422-fetch-in-progress", "SftUnprocessableError"],
    ["tma-sft-422-locale-not-found", "SftUnprocessableError"],
    ["ordinals-sat-inscriptions-200", "PaginatedInscriptions"],
    ["runes-transaction-activity-200", "PaginatedRuneActivity"],
  ] as const;

  it.each(fixtures)("%s is a valid %s", (file, schema) => {
    const validate = validatorFor(ajv, schema);
    expect(validate(fixture(file)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("keeps byte-identical copies of ../shared/reference/upstream (when it is beside the clone)", () => {
    const shared = join(ROOT, "../shared/reference/upstream");
    if (!existsSync(shared)) return;
    for (const [file] of fixtures) {
      expect(upstreamFixtureText(file)).toBe(readFileSync(join(shared, upstreamFixtureFile(file)), "utf8"));
    }
  });
});

describe("mutated fixtures are rejected", () => {
  type Json = Record<string, unknown> & { results: Array<Record<string, unknown>> };
  const inscriptions = () => fixture("ordinals-sat-inscriptions-200") as Json;
  const activity = () => fixture("runes-transaction-activity-200") as Json;
  const first = (page: Json): Record<string, unknown> => {
    const item = page.results[0];
    if (!item) throw new Error("fixture has no results");
    return item;
  };

  const mutations: Array<[string, string, () => unknown]> = [
    [
      "a required inscription key removed",
      "PaginatedInscriptions",
      () => {
        const page = inscriptions();
        delete first(page).genesis_fee;
        return page;
      },
    ],
    [
      "a decimal-string sat number sent as a number",
      "PaginatedInscriptions",
      () => {
        const page = inscriptions();
        first(page).sat_ordinal = Number(first(page).sat_ordinal);
        return page;
      },
    ],
    [
      "an unknown sat rarity",
      "PaginatedInscriptions",
      () => {
        const page = inscriptions();
        first(page).sat_rarity = "very rare";
        return page;
      },
    ],
    [
      "a non-null parent",
      "PaginatedInscriptions",
      () => {
        const page = inscriptions();
        first(page).parent = "abc";
        return page;
      },
    ],
    [
      "the envelope's total removed",
      "PaginatedInscriptions",
      () => {
        const page = inscriptions();
        delete page.total;
        return page;
      },
    ],
    [
      "an unknown rune operation",
      "PaginatedRuneActivity",
      () => {
        const page = activity();
        first(page).operation = "transfer";
        return page;
      },
    ],
    [
      "a tx id with 0x in the location",
      "PaginatedRuneActivity",
      () => {
        const page = activity();
        (first(page).location as Record<string, unknown>).tx_id = `0x${"a".repeat(64)}`;
        return page;
      },
    ],
    [
      "a null amount (omitted, never null)",
      "PaginatedRuneActivity",
      () => {
        const page = activity();
        first(page).amount = null;
        return page;
      },
    ],
    [
      "metadata without sip",
      "SftMetadataResponse",
      () => {
        const body = fixture("tma-sft-200-valid-metadata") as {
          metadata: Record<string, unknown>;
        };
        delete body.metadata.sip;
        return body;
      },
    ],
    ["decimals as null", "SftMetadataResponse", () => ({ decimals: null })],
    ["an unknown 422 error", "SftUnprocessableError", () => ({ error: "Something else" })],
    ["a Token error without its message", "SftUnprocessableError", () => ({ error: "Token error" })],
  ];

  it.each(mutations)("rejects %s", (_, schema, mutate) => {
    expect(validatorFor(ajv, schema)(mutate())).toBe(false);
  });
});

/**
 * openapi.yaml with `edit` applied to the parsed spec, written out as YAML again: the drift checks find what
 * to edit in the spec itself (no literal text of it here), so they survive a rename in the spec.
 */
function editedSpec(edit: (spec: OpenApiSpec) => void): string {
  const spec = loadSpec();
  edit(spec);
  return stringify(spec);
}

type SchemaObject = { required?: string[]; properties?: Record<string, SchemaObject>; enum?: unknown[] };
/** The component schemas, as objects the edits can change. */
const schemasOf = (spec: OpenApiSpec) =>
  Object.entries(spec.components.schemas) as Array<[string, SchemaObject]>;

describe("drift check", () => {
  it("fails when openapi.yaml changes without regenerating src/generated", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hiro-drift-"));
    // A new property of the first schema with required properties: a valid spec whose types differ.
    const edited = editedSpec((spec) => {
      const found = schemasOf(spec).find(([, schema]) => schema.required?.length && schema.properties);
      if (!found?.[1].properties) throw new Error("openapi.yaml has no schema with required properties");
      found[1].properties.drift_probe = { type: "string" } as SchemaObject;
    });
    expect(edited).toContain("drift_probe:");
    writeFileSync(join(dir, "openapi.yaml"), edited);
    // The types `npm run check:generated` compares (openapi-typescript's, through its Node API: byte for
    // byte its CLI's output), in-process. A spec it cannot read throws here rather than passing for drift
    // (an earlier edit here made invalid YAML, and the check "failed" on the parse error). The committed
    // spec's own sync is npm test's check:generated, run once (test/tooling/static-checks.test.ts).
    const committed = readFileSync(join(ROOT, "src/generated/api.d.ts"), "utf8");
    expect(await typesSource()).toBe(committed);
    const drifted = await typesSource(join(dir, "openapi.yaml"));
    expect(drifted).not.toBe(committed);
    expect(drifted).toContain("drift_probe");
  });

  it("covers the generated parameter rules and response validators too", () => {
    const dir = mkdtempSync(join(tmpdir(), "hiro-drift-"));
    // A parameter's maximum raised: its rule changes.
    const maximum = editedSpec((spec) => {
      const found = Object.values(spec.components.parameters).find((p) => "maximum" in p.schema);
      if (!found) throw new Error("openapi.yaml has no parameter with a maximum");
      const schema = found.schema as { maximum: number };
      schema.maximum += 40;
    });
    writeFileSync(join(dir, "maximum.yaml"), maximum);
    expect(staleFiles(join(dir, "maximum.yaml"))).toContain("src/generated/parameters.ts");
    // One more value in an enum of a schema's property: the response validators change.
    const enumValue = editedSpec((spec) => {
      const property = schemasOf(spec)
        .flatMap(([, schema]) => Object.values(schema.properties ?? {}))
        .find((p) => Array.isArray(p.enum));
      if (!property?.enum) throw new Error("openapi.yaml has no property with an enum");
      property.enum.push("drift_probe");
    });
    writeFileSync(join(dir, "enum.yaml"), enumValue);
    expect(staleFiles(join(dir, "enum.yaml"))).toContain("src/generated/validators.js");
  });
});
