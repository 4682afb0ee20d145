/**
 * The contract holds through the gateway: `hiro-lookup verify --base-url <gateway>` passes with the
 * gateway in front of a correct deployment, and fails where the deployment behind it is broken.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import { createGatewayServer } from "../../src/cli/serve/node-server.js";
import type { ConformanceRow } from "../../src/cli/verify/verify.js";
import { createLookupGateway } from "../../src/server/index.js";
import { type FakeDeployment, type FakeMode, startFakeDeployment } from "../helpers/fake-deployment.js";
import { specSamples } from "../helpers/spec.js";

const SAMPLES = specSamples();
let fake: FakeDeployment | undefined;
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await fake?.close();
  server = undefined;
  fake = undefined;
});

/** A gateway (Node adapter, in-process) in front of a fake deployment in `mode`; its URL. */
async function gatewayBefore(mode: FakeMode): Promise<string> {
  fake = await startFakeDeployment(mode, SAMPLES);
  const gateway = createLookupGateway({ upstream: { baseUrl: fake.url, maxRetries: 0 } });
  server = createGatewayServer({ gateway });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function verify(url: string) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    [
      "--retries",
      "0",
      "verify",
      "--base-url",
      url,
      ...["--principal", SAMPLES.principal, "--token-id", SAMPLES.tokenId],
      ...["--ordinal", SAMPLES.ordinal, "--tx-id", SAMPLES.txId],
      "--json",
    ],
    {
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    },
  );
  const rows = stdout === "" ? [] : (JSON.parse(stdout) as ConformanceRow[]);
  return { code, rows, stderr };
}

describe("verify through the gateway", () => {
  it("passes in front of a correct deployment", async () => {
    const { code, rows, stderr } = await verify(await gatewayBefore("conformant"));
    const failed = rows.filter((row) => row.result === "FAIL");
    expect(failed, JSON.stringify(failed, null, 1) + stderr).toEqual([]);
    expect(code).toBe(0);
  });

  it.each(["wrong-shapes", "ignores-filter", { status: 500 }] as const)(
    "fails where the deployment behind it is broken (%j)",
    async (mode) => {
      const { code, rows } = await verify(await gatewayBefore(mode));
      expect(code).toBe(7);
      expect(rows.some((row) => row.result === "FAIL")).toBe(true);
    },
  );
});
