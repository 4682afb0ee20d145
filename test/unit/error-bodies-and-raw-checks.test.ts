/**
 * What an error keeps (a 410 from a retired host, a usable `invalid_request` body, a cut message that keeps
 * its explanation, a JSON error body only up to a size) and what a raw call is checked for (path values as
 * the lookups check them, the service prefix, the key check not fooled by a Request subclass).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { HiroApiError, HiroValidationError } from "../../src/index.js";
import { json, LOCAL, ORDINAL, PRINCIPAL, TX_ID } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

afterEach(() => {
  vi.restoreAllMocks();
});

const SAT_PATH = "/ordinals/v1/sats/{ordinal}/inscriptions" as const;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("resolved");
    },
    (error: unknown) => error,
  );

describe("a message cut to length keeps its explanation", () => {
  it("the quoted server value is cut, not 'the service ignored the filter'", async () => {
    const page = { limit: 20, offset: 0, total: 1, results: [{ location: { tx_id: "f".repeat(300) } }] };
    const { client } = createTestClient(() => json(page));
    const error = (await failure(client.getTransactionActivity({ tx_id: TX_ID }))) as HiroApiError;
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("the service ignored the filter");
    expect(error.message).toContain(TX_ID);
    expect(error.message.length).toBeLessThanOrEqual(400);
  });
});

describe("410 Gone from a retired host", () => {
  const gone = {
    message: "The hosted Ordinals API has been retired.",
    documentation_url: "https://docs.hiro.so/ordinals-retired",
  };

  it("is service_retired, never retried, and its message names the documentation and the retirement", async () => {
    const { client, requests } = createTestClient(() => json(gone, 410), { maxRetries: 2 });
    const error = (await failure(client.getSatoshiInscriptions({ ordinal: ORDINAL }))) as HiroApiError;
    expect(error).toBeInstanceOf(HiroApiError);
    expect(error.kind).toBe("service_retired");
    expect(requests).toHaveLength(1);
    expect(error.message).toContain("https://docs.hiro.so/ordinals-retired");
    expect(error.message).toMatch(/retired/);
    if (error.is("service_retired") && typeof error.body !== "string") {
      expect(error.body.documentation_url).toBe(gone.documentation_url);
    } else throw new Error("the body should be the documented one");
  });
});

describe("invalid_request keeps a usable body", () => {
  const run = async (answer: Response) => {
    const { client } = createTestClient(() => answer);
    return (await failure(client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }))) as HiroApiError;
  };

  it("the documented Fastify body, as an object", async () => {
    const body = { statusCode: 400, error: "Bad Request", message: "params/token_id must be integer" };
    const error = await run(json(body, 400));
    expect(error.is("invalid_request") && error.body).toEqual(body);
  });

  it("an undocumented JSON body (a proxy's) is kept as its text", async () => {
    const error = await run(json({ proxy: "refused", nested: { x: 1 } }, 400));
    expect(error.kind).toBe("invalid_request");
    expect(error.body).toBe('{"proxy":"refused","nested":{"x":1}}');
  });
});

describe("a JSON error body is kept only up to a size", () => {
  it("a 2 MB JSON 500 body is not kept whole", async () => {
    const huge = { error: "Internal", message: "x".repeat(2_000_000) };
    const { client } = createTestClient(() => json(huge, 500), { maxRetries: 0 });
    const error = (await failure(
      client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }),
    )) as HiroApiError;
    expect(error.kind).toBe("server_error");
    const kept = typeof error.body === "string" ? error.body.length : JSON.stringify(error.body).length;
    expect(kept).toBeLessThanOrEqual(64 * 1024);
  });
});

describe("raw calls: path values and the service prefix checked", () => {
  it("an object-valued path parameter is refused, nothing sent", async () => {
    const { client, requests } = createTestClient(() => json({}), { apiKey: "k" });
    const error = await failure(
      client.raw.GET(SAT_PATH, {
        params: { path: { ordinal: { toString: () => "1" } as unknown as number } },
      }),
    );
    expect(error).toBeInstanceOf(HiroValidationError);
    expect((error as HiroValidationError).parameter).toBe("ordinal");
    expect(requests).toHaveLength(0);
  });

  it("a path that only contains /ordinals/v1/ further down is refused, nothing sent", async () => {
    const { client, requests } = createTestClient(() => json({}), { apiKey: "k" });
    const error = await failure(client.raw.GET(`/admin/ordinals/v1/sats/${ORDINAL}/inscriptions` as never));
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(requests).toHaveLength(0);
  });

  it("an empty path value (a path the spec does not have) is refused", async () => {
    const { client, requests } = createTestClient(() => json({}));
    const error = await failure(client.raw.GET(SAT_PATH, { params: { path: { ordinal: "" as never } } }));
    expect(error).toBeInstanceOf(HiroValidationError);
    expect(requests).toHaveLength(0);
  });

  it("a value the lookups refuse but a service may judge goes as given (verify probes the service's 400)", async () => {
    const { client, requests } = createTestClient(() =>
      json({ error: "Invalid satoshi ordinal number" }, 400),
    );
    const { response } = await client.raw.GET(SAT_PATH, { params: { path: { ordinal: 2099999997690000 } } });
    expect(response.status).toBe(400);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      "/ordinals/v1/sats/2099999997690000/inscriptions",
    ]);
  });

  it('a path value "." or ".." is refused: the URL would resolve it into another route of the service', async () => {
    for (const principal of ["..", "."]) {
      const { client, requests } = createTestClient(() => json({ status: "ready" }));
      const error = await failure(
        client.raw.GET("/metadata/v1/ft/{principal}", { params: { path: { principal } } }),
      );
      expect(error, principal).toBeInstanceOf(HiroValidationError);
      expect(error).toMatchObject({ parameter: "principal" });
      expect((error as Error).message).toContain('must not be "." or ".."');
      expect(requests).toHaveLength(0);
    }
  });

  it("a path with a dot segment is refused, nothing sent", async () => {
    for (const path of ["/metadata/v1/ft/..", "/metadata/v1/ft/%2E%2e", "/metadata/v1/nft/x/./1"]) {
      const { client, requests } = createTestClient(() => json({ status: "ready" }));
      const error = await failure(client.raw.GET(path as never));
      expect(error, path).toBeInstanceOf(HiroValidationError);
      expect(error).toMatchObject({ parameter: "path" });
      expect(requests).toHaveLength(0);
    }
  });

  it("a URL with user:password@ for a path is a HiroValidationError without the password (it was a TypeError with it)", async () => {
    for (const path of [
      "http://user:s3cr3t-pw@evil.test/x",
      "//user:s3cr3t-pw@evil.test/x",
      "user:s3cr3t-pw@x",
      // A password with a space or a slash in it, as text that is no URL.
      "http://user:s3cr3t-pw x@evil.test/x",
      "http://user:s3cr3t-pw/x@evil.test/x",
    ]) {
      const { client, requests } = createTestClient(() => json({}));
      for (const error of [
        await failure(client.raw.GET(path as never)),
        await failure(client.raw.request("get", path as never)),
      ]) {
        expect(error, path).toBeInstanceOf(HiroValidationError);
        expect(error).toMatchObject({ parameter: "path" });
        expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain("s3cr3t-pw");
      }
      expect(requests).toHaveLength(0);
    }
  });

  it("a valid raw call still goes", async () => {
    const page = { limit: 20, offset: 0, total: 0, results: [] };
    const { client, requests } = createTestClient(() => json(page));
    const { data } = await client.raw.GET(SAT_PATH, { params: { path: { ordinal: ORDINAL } } });
    expect(data).toEqual(page);
    expect(requests).toHaveLength(1);
  });
});

describe("the key check reads the real destination", () => {
  it("a Request subclass whose url getter lies does not get the key sent elsewhere", async () => {
    class LyingRequest extends Request {
      override get url(): string {
        return `${LOCAL}/metadata/v1/sft/${PRINCIPAL}/1`;
      }
    }
    const { client, requests } = createTestClient(() => json({ token_uri: "x" }), {
      apiKey: "secret-key",
      middleware: [
        {
          onRequest: ({ request }) =>
            new LyingRequest(`http://evil.example/metadata/v1/sft/${PRINCIPAL}/1`, request),
        },
      ],
    });
    await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch(() => undefined);
    expect(requests.map((r) => [new URL(r.url).host, r.headers.get("x-api-key")])).toEqual([
      ["evil.example", null],
    ]);
  });
});
