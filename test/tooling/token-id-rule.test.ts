/**
 * The token-id limit, said one way everywhere: the spec's `token_id` parameter states the rule the
 * client applies, and the CLI's help and the client's refusal say the same words. The rule: every id
 * up to 2^53-1 is sent; above that, only ids a JS number writes back exactly (the service reads ids as JS
 * numbers), never one past 2^63-1 (the service's bigint column). The ids themselves are tested in
 * validate-input.test.ts and token-number-range.test.ts.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import { LOCAL, PRINCIPAL } from "../helpers/fake-fetch.js";
import { loadSpec } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const RULE =
  "up to 2^53-1, and above that only ids a JS number holds exactly (2^53, 2^53+2…), at most 2^63-1";

async function help(command: string): Promise<string> {
  let stdout = "";
  await runCli([command, "--help"], {
    env: {},
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
  });
  return stdout.replace(/\s+/g, " ");
}

describe("the token-id limit", () => {
  it("the spec's token_id states it, and says nothing else of 2^53-1 as the client's limit", () => {
    const spec = loadSpec();
    const descriptionOf = (value: unknown) =>
      String((value as { description?: unknown } | undefined)?.description);
    const text = descriptionOf(spec.components.parameters.TokenId).replace(/\s+/g, " ");
    expect(text).toContain(`client sends token ids ${RULE}`);
    for (const path of [
      "/metadata/v1/sft/{principal}/{token_id}",
      "/metadata/v1/nft/{principal}/{token_id}",
    ]) {
      const said = descriptionOf(spec.paths[path]?.get).replace(/\s+/g, " ");
      expect(said).not.toMatch(/client refuses (them|ids above 2\^53 - 1)/);
    }
  });

  it("sft and nft --help say it", async () => {
    for (const command of ["sft", "nft"]) expect(await help(command)).toContain(RULE);
  });

  it("the client's refusal of a bad id says it", async () => {
    const error = await createTestClient(LOCAL)
      .client.getNftMetadata({ principal: PRINCIPAL, token_id: "abc" })
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain(RULE);
  });
});
