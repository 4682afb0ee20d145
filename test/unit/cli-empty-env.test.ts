/**
 * An empty environment variable is an unset one (the shell convention: `HIRO_LOG= hiro-lookup …`, or a
 * CI template that leaves a value blank): every `HIRO_*` variable the CLI and the library read, set to
 * "", changes nothing. An empty `HIRO_LOG` used to exit 2 ("must be one of off, error…").
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { json } from "../helpers/fake-fetch.js";
import { createTestClient } from "../helpers/test-client.js";

/** Every variable the CLI and the library read (the guide's list). */
const VARIABLES = [
  "HIRO_LOG",
  "HIRO_BASE_URL",
  "HIRO_METADATA_URL",
  "HIRO_ORDINALS_URL",
  "HIRO_RUNES_URL",
  "HIRO_API_KEY",
  "HIRO_MOCK_PORT",
];
const STATUS = { server_version: "token-metadata-api v2.3.0", status: "ready", chain_tip: null };

afterEach(() => {
  vi.unstubAllEnvs();
});

async function status(env: Record<string, string>) {
  const sent: Request[] = [];
  const run = await runCliInProcess(["status"], env, {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return json(STATUS);
    },
  });
  return { ...run, sent };
}

describe("an empty HIRO_* variable is an unset one", () => {
  it.each(VARIABLES)("the CLI: %s= changes nothing", async (name) => {
    const unset = await status({});
    const empty = await status({ [name]: "" });
    expect({ code: empty.code, stderr: empty.stderr }).toEqual({ code: EXIT.ok, stderr: "" });
    expect(empty.stdout).toBe(unset.stdout);
    expect(empty.sent.map((r) => [r.url, r.headers.get("x-api-key")])).toEqual(
      unset.sent.map((r) => [r.url, r.headers.get("x-api-key")]),
    );
  });

  it("the CLI: all of them empty at once changes nothing", async () => {
    const empty = await status(Object.fromEntries(VARIABLES.map((name) => [name, ""])));
    expect({ code: empty.code, stderr: empty.stderr }).toEqual({ code: EXIT.ok, stderr: "" });
  });

  it("the library: HIRO_LOG= is no level (it threw a HiroValidationError from createLookupClient)", async () => {
    vi.stubEnv("HIRO_LOG", "");
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { client } = createTestClient(() => json(STATUS), { baseUrl: "http://127.0.0.1:9", logger });
    expect(await client.getApiStatus()).toEqual(STATUS);
    expect(logger.debug).not.toHaveBeenCalled();
  });
});
