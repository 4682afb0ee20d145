/** The CLI's one rule for where each service goes and whether the environment's API key goes along. */
import { describe, expect, it } from "vitest";
import { inCliWords } from "../../src/cli/option-names.js";
import { apiKeyFor, clientRouting, serviceUrls } from "../../src/cli/service-urls.js";
import { createLookupClient, HiroValidationError } from "../../src/index.js";
import { createTestClient } from "../helpers/test-client.js";

const A = "http://a.test";
const B = "http://b.test";
const C = "http://c.test";

describe("serviceUrls: flags over the environment, per-service over all-services", () => {
  it.each([
    ["nothing named: no URL at all (the client's defaults apply)", {}, {}, {}],
    [
      "--base-url serves all three",
      { baseUrl: A },
      {},
      { metadata: [A, "--base-url"], ordinals: [A, "--base-url"], runes: [A, "--base-url"] },
    ],
    [
      "a per-service flag beats --base-url",
      { baseUrl: A, ordinalsUrl: B },
      {},
      { metadata: [A, "--base-url"], ordinals: [B, "--ordinals-url"], runes: [A, "--base-url"] },
    ],
    [
      "HIRO_BASE_URL serves all three",
      {},
      { HIRO_BASE_URL: A },
      { metadata: [A, "HIRO_BASE_URL"], ordinals: [A, "HIRO_BASE_URL"], runes: [A, "HIRO_BASE_URL"] },
    ],
    [
      "HIRO_<SERVICE>_URL beats HIRO_BASE_URL",
      {},
      { HIRO_BASE_URL: A, HIRO_RUNES_URL: C },
      { metadata: [A, "HIRO_BASE_URL"], ordinals: [A, "HIRO_BASE_URL"], runes: [C, "HIRO_RUNES_URL"] },
    ],
    [
      "any flag beats any environment variable, --base-url beats HIRO_ORDINALS_URL",
      { baseUrl: A, metadataUrl: B },
      { HIRO_ORDINALS_URL: C, HIRO_METADATA_URL: C },
      { metadata: [B, "--metadata-url"], ordinals: [A, "--base-url"], runes: [A, "--base-url"] },
    ],
    [
      "an empty environment variable is unset",
      {},
      { HIRO_BASE_URL: "", HIRO_ORDINALS_URL: B },
      { ordinals: [B, "HIRO_ORDINALS_URL"] },
    ],
  ])("%s", (_, flags, env, expected) => {
    const urls = serviceUrls(flags, env);
    expect(Object.fromEntries(Object.entries(urls).map(([k, v]) => [k, [v.url, v.from]]))).toEqual(expected);
  });

  it("puts verify's --config between the flags and the environment", () => {
    const urls = serviceUrls(
      { runesUrl: A },
      { HIRO_ORDINALS_URL: B, HIRO_METADATA_URL: C },
      {
        ordinalsUrl: C,
        runesUrl: C,
      },
    );
    expect(urls).toEqual({
      metadata: { url: C, from: "HIRO_METADATA_URL" },
      ordinals: { url: C, from: "ordinalsUrl in --config" },
      runes: { url: A, from: "--runes-url" },
    });
  });

  it("refuses a bad URL naming the flag or variable it came from", () => {
    expect(() => serviceUrls({}, { HIRO_RUNES_URL: "ftp://x" })).toThrow(
      new HiroValidationError("HIRO_RUNES_URL", "must use http or https; got ftp:"),
    );
    expect(() => serviceUrls({ ordinalsUrl: "127.0.0.1:3000" }, {})).toThrow(/^--ordinals-url: must be/);
  });
});

describe("clientRouting: each named URL, and the services the key goes to, said explicitly", () => {
  const ALL = ["metadata", "ordinals", "runes"];
  it.each([
    ["nothing", {}, {}, {}],
    [
      "--base-url alone",
      { baseUrl: A },
      {},
      { baseUrl: { metadata: A, ordinals: A, runes: A }, apiKeyServices: ALL },
    ],
    [
      "HIRO_BASE_URL alone",
      {},
      { HIRO_BASE_URL: A },
      { baseUrl: { metadata: A, ordinals: A, runes: A }, apiKeyServices: ALL },
    ],
    [
      "--base-url with one override",
      { baseUrl: A, runesUrl: B },
      {},
      { baseUrl: { metadata: A, ordinals: A, runes: B }, apiKeyServices: ["metadata"] },
    ],
    [
      "HIRO_BASE_URL beaten by --metadata-url for one",
      { metadataUrl: B },
      { HIRO_BASE_URL: A },
      { baseUrl: { metadata: B, ordinals: A, runes: A }, apiKeyServices: ["metadata"] },
    ],
    ["per-service only", { ordinalsUrl: A }, {}, { baseUrl: { ordinals: A }, apiKeyServices: ["metadata"] }],
  ])("%s", (_, flags, env, expected) => {
    expect(clientRouting(serviceUrls(flags, env))).toEqual(expected);
  });
});

describe("apiKeyFor: HIRO_API_KEY from the environment follows only a *.hiro.so metadata host", () => {
  it.each([
    ["--api-key is always used", "flag", "env", "http://127.0.0.1:3000", "flag"],
    ["the env key for api.hiro.so", undefined, "env", "https://api.hiro.so", "env"],
    ["the env key for another *.hiro.so host", undefined, "env", "https://api.testnet.hiro.so/", "env"],
    ["no env key for a third party", undefined, "env", "https://proxy.example.com", undefined],
    ["no env key for a look-alike host", undefined, "env", "https://evilhiro.so", undefined],
    ["no env key for hiro.so in a path", undefined, "env", "http://x.test/api.hiro.so", undefined],
    ["no env key when the metadata service is not used", undefined, "env", undefined, undefined],
    ["an empty env key is none", undefined, "", "https://api.hiro.so", undefined],
    // Issue 21: never in clear text, even to Hiro's host.
    ["no env key over http to api.hiro.so", undefined, "env", "http://api.hiro.so", undefined],
    [
      "no env key over http to another *.hiro.so host",
      undefined,
      "env",
      "http://api.testnet.hiro.so",
      undefined,
    ],
  ])("%s", (_, flag, envKey, metadataUrl, expected) => {
    expect(apiKeyFor(flag, { HIRO_API_KEY: envKey }, metadataUrl).apiKey).toBe(expected);
  });

  it("says once, without the key, that the env key was held back", () => {
    const decision = apiKeyFor(undefined, { HIRO_API_KEY: "s3cr3t" }, "http://127.0.0.1:3000");
    expect(decision.note).toBe(
      "HIRO_API_KEY from the environment is not sent to 127.0.0.1:3000 (not a *.hiro.so host); pass --api-key to send a key there",
    );
    expect(apiKeyFor(undefined, { HIRO_API_KEY: "s3cr3t" }, "https://api.hiro.so").note).toBeUndefined();
    expect(apiKeyFor("k", { HIRO_API_KEY: "s3cr3t" }, "http://127.0.0.1:3000").note).toBeUndefined();
  });
});

describe("inCliWords: the client's service URLs retold as flags", () => {
  const refusal = async (baseUrl: string | { metadata?: string }) =>
    createTestClient(baseUrl)
      .client.getSatoshiInscriptions({ ordinal: 1 })
      .catch((e: unknown) => e);

  it("names --ordinals-url, --base-url and HIRO_ORDINALS_URL, and why, when no ordinals URL is set", async () => {
    const error = inCliWords(await refusal({ metadata: A }), serviceUrls({ metadataUrl: A }, {}));
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(error).toMatchObject({ parameter: "--ordinals-url" });
    expect((error as Error).message).toMatch(
      /^--ordinals-url: not set: pass --ordinals-url \(or --base-url\) or set HIRO_ORDINALS_URL\. Hiro retired its hosted Ordinals API on 2026-03-09/,
    );
    expect((error as Error).message).not.toContain("baseUrl");
  });

  it("says which value pointed ordinals at Hiro's host", async () => {
    const urls = serviceUrls({}, { HIRO_BASE_URL: "https://api.hiro.so" });
    const error = inCliWords(await refusal("https://api.hiro.so"), urls) as Error;
    expect(error.message).toMatch(/^--ordinals-url: not set \(HIRO_BASE_URL is Hiro's host/);
  });

  it("leaves alone an error that is not a validation error, or names nothing the command line has", () => {
    const other = new Error("bad");
    expect(inCliWords(other, {})).toBe(other);
    const unnamed = new HiroValidationError("mcp", "bad");
    expect(inCliWords(unnamed, {})).toBe(unnamed);
  });
});

describe("a base URL with user:pass@ is never echoed with its password", () => {
  it.each([
    ["a port out of range", "http://alice:s3cr3t@127.0.0.1:99999/"],
    ["a bad host", "https://alice:s3cr3t@exa mple.com/"],
    ["no scheme", "alice:s3cr3t@example.com"],
    ["a query", "http://alice:s3cr3t@example.com/?x=1"],
  ])("%s: the message names the flag, never the password", (_, url) => {
    let message = "";
    try {
      serviceUrls({ baseUrl: url }, {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^--base-url: /);
    expect(message).not.toContain("s3cr3t");
  });

  it("the library's baseUrl check does the same (createLookupClient)", () => {
    for (const baseUrl of ["http://alice:s3cr3t@127.0.0.1:99999/", "https://alice:s3cr3t@exa mple.com/"]) {
      expect(() => createLookupClient({ baseUrl })).toThrow(/^baseUrl: /);
      expect(() => createLookupClient({ baseUrl })).not.toThrow(/s3cr3t/);
    }
  });
});
