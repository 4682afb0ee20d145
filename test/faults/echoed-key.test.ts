/**
 * A server that echoes the API key (a 401 or 500 body repeating `x-api-key`, as some gateways' debug
 * pages do) must not put the key in `HiroApiError.message`, `.body`, or the CLI's stderr: the client
 * blanks its own key in any server text it shows.
 */
import { describe, expect, it } from "vitest";
import { HiroApiError } from "../../src/index.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { fakeFetch, json, LOCAL, PRINCIPAL } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

const KEY = "hiro-secret-key-7f3a9c2e";

/** Answers with `status` and a body that repeats the x-api-key it received, as JSON or as text. */
const echoing = (status: number, asText: boolean) => (request: Request) => {
  const key = request.headers.get("x-api-key") ?? "";
  return asText
    ? new Response(`forbidden for key ${key}\n`, { status, headers: { "content-type": "text/plain" } })
    : json({ error: "Forbidden", message: `bad key ${key}`, headers: { "x-api-key": key } }, status);
};

describe("an API key echoed by the server", () => {
  it.each([
    [401, false],
    [401, true],
    [500, false],
    [200, true], // an invalid_response keeps the body too
  ])("HTTP %i (text body: %s): neither the message nor the body carries the key", async (status, asText) => {
    const { client } = createTestClient(echoing(status, asText), { apiKey: KEY, maxRetries: 0 });
    const error = await client.getSftMetadata({ principal: PRINCIPAL, token_id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HiroApiError);
    const { message, body } = error as HiroApiError;
    expect(`${message} ${JSON.stringify(body)}`).not.toContain(KEY);
    expect(`${message} ${JSON.stringify(body)}`).toContain("[api key]");
  });

  it("the CLI's stderr does not carry it", async () => {
    const { fetch } = fakeFetch(echoing(401, false));
    const { stderr } = await runCliInProcess(
      ["--retries", "0", "--metadata-url", LOCAL, "--api-key", KEY, "sft", PRINCIPAL, "1"],
      {},
      { fetch },
    );
    expect(stderr).not.toBe("");
    expect(stderr).not.toContain(KEY);
  });
});
