/**
 * The mock's token hosts (src/mock/token-host.ts): the documents and images the spec's token examples
 * name, derived from the examples (no hand list), served through any gateway, and nothing else.
 */
import { describe, expect, it } from "vitest";
import { mockExamples } from "../../src/generated/mock-examples.js";
import { MOCK_PNG, tokenHostEntries, tokenHostFetch } from "../../src/mock/index.js";

const LOOKUPS = ["getSftMetadata", "getNftMetadata", "getFtMetadata"] as const;
type Token = { token_uri?: unknown; metadata?: Record<string, unknown> };

/** The default-locale 200 examples of the token lookups, as the spec has them. */
const tokenExamples = LOOKUPS.flatMap((operationId) =>
  mockExamples[operationId].filter(
    (example) => example.status === 200 && !("locale" in (example.request?.query ?? {})),
  ),
).map((example) => example.value as Token);

describe("the mock's token hosts", () => {
  const entries = tokenHostEntries();

  it("serve each example's metadata at its token_uri, as the host's document (no cache fields)", () => {
    const withMetadata = tokenExamples.filter(
      (value) => value.metadata && typeof value.token_uri === "string",
    );
    expect(withMetadata.length).toBeGreaterThanOrEqual(3);
    for (const value of withMetadata) {
      const entry = entries.get(value.token_uri as string);
      expect(entry?.status).toBe(200);
      const document = JSON.parse(String(entry?.body));
      const { cached_image: _image, cached_thumbnail_image: _thumb, ...expected } = value.metadata ?? {};
      expect(document).toEqual(expected);
    }
  });

  it("serve an image at each example's metadata.image, and 404 for a URI whose job failed", () => {
    for (const value of tokenExamples) {
      const image = value.metadata?.image;
      if (typeof image === "string" && image !== "")
        expect(entries.get(image)).toMatchObject({ status: 200, contentType: "image/png", body: MOCK_PNG });
      if (typeof value.token_uri === "string" && value.metadata === undefined)
        expect(entries.get(value.token_uri)?.status).toBe(404);
    }
    expect(entries.get("https://example.com/tokens/3.json")?.status).toBe(404);
  });

  it("answer an ipfs:// URI through whatever gateway, an https URI exactly, and no other URL", async () => {
    const get = tokenHostFetch();
    const ipfs = await get(
      "http://127.0.0.1:9/gw/ipfs/QmYCnfeseno5cLpC75rmy6LQhsNYQCJabiuwqNUXMaA3Fo/1234.json",
    );
    expect((await ipfs.json()).name).toBe("Bitcoin Monkeys #1234");
    const png = await get("https://example.com/tokens/35.png");
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await png.arrayBuffer())).toEqual(MOCK_PNG);
    await expect(get("https://example.com/tokens/999.json")).rejects.toMatchObject({
      cause: { code: "ENOTFOUND" },
    });
  });

  it("are derived from the examples given, not a hand list", () => {
    const table = {
      getSftMetadata: [
        {
          name: "x",
          status: 200,
          value: {
            token_uri: "ar://tx1/9.json",
            metadata: { sip: 16, name: "Nine", image: "ar://tx1/9.png" },
          },
        },
      ],
    };
    expect([...tokenHostEntries(table).keys()]).toEqual(["ar://tx1/9.json", "ar://tx1/9.png"]);
  });
});
