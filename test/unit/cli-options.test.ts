/**
 * Where the CLI sends each command (per-service flags, --base-url, HIRO_*_URL), which key goes along,
 * and what it says when a service has no URL. In-process through runCli with an injected environment,
 * against fake services on node:http (127.0.0.1, free ports): nothing leaves the machine.
 */
import { afterEach, describe, expect, it } from "vitest";
import { EXIT } from "../../src/cli/exit-codes.js";
import { runCli } from "../../src/cli/program.js";
import { HiroValidationError } from "../../src/index.js";
import { type FakeDeployment, startFakeDeployment } from "../helpers/fake-deployment.js";
import { specSamples } from "../helpers/spec.js";

const SAMPLES = specSamples();
const COMMANDS = {
  sft: ["sft", SAMPLES.principal, SAMPLES.tokenId],
  sat: ["sat-inscriptions", SAMPLES.ordinal],
  tx: ["tx-activity", SAMPLES.txId],
};

let servers: FakeDeployment[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
/** Starts `n` fake deployments, each able to serve all three services. */
async function serve(n: number): Promise<FakeDeployment[]> {
  const started = await Promise.all(
    Array.from({ length: n }, () => startFakeDeployment("conformant", SAMPLES)),
  );
  servers.push(...started);
  return started;
}
/** The first path segment of each request a server got: which services it served. */
const servicesAt = (server: FakeDeployment | undefined) =>
  (server?.requests ?? []).map((r) => r.url.split("/")[1]);

async function cli(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["--retries", "0", ...argv], {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** Runs the three lookups with the same flags and environment; each must succeed. */
async function allThree(flags: string[], env: Record<string, string> = {}) {
  for (const command of Object.values(COMMANDS)) {
    const run = await cli([...flags, ...command], env);
    expect(run, run.stderr).toMatchObject({ code: 0 });
  }
}

describe("per-service URLs", () => {
  it("--metadata-url, --ordinals-url, --runes-url send each command to its own server", async () => {
    const [m, o, r] = await serve(3);
    await allThree([
      "--metadata-url",
      `${m?.url}`,
      "--ordinals-url",
      `${o?.url}`,
      "--runes-url",
      `${r?.url}`,
    ]);
    expect([servicesAt(m), servicesAt(o), servicesAt(r)]).toEqual([["metadata"], ["ordinals"], ["runes"]]);
  });

  it("HIRO_METADATA_URL, HIRO_ORDINALS_URL, HIRO_RUNES_URL do the same", async () => {
    const [m, o, r] = await serve(3);
    await allThree([], {
      HIRO_METADATA_URL: `${m?.url}`,
      HIRO_ORDINALS_URL: `${o?.url}`,
      HIRO_RUNES_URL: `${r?.url}`,
    });
    expect([servicesAt(m), servicesAt(o), servicesAt(r)]).toEqual([["metadata"], ["ordinals"], ["runes"]]);
  });

  it("HIRO_BASE_URL serves all three (the README's example no longer goes to api.hiro.so)", async () => {
    const [all] = await serve(1);
    await allThree([], { HIRO_BASE_URL: `${all?.url}` });
    expect(servicesAt(all)).toEqual(["metadata", "ordinals", "runes"]);
  });

  it("flags beat the environment; per-service beats all-services", async () => {
    const [flag, env, base] = await serve(3);
    await cli(["--ordinals-url", `${flag?.url}`, ...COMMANDS.sat], { HIRO_ORDINALS_URL: `${env?.url}` });
    // --base-url is a flag: it beats HIRO_RUNES_URL, a variable.
    await cli(["--base-url", `${base?.url}`, ...COMMANDS.tx], { HIRO_RUNES_URL: `${env?.url}` });
    // HIRO_ORDINALS_URL is per-service: it beats HIRO_BASE_URL.
    await cli(COMMANDS.sat, { HIRO_BASE_URL: `${base?.url}`, HIRO_ORDINALS_URL: `${flag?.url}` });
    expect([servicesAt(flag), servicesAt(env), servicesAt(base)]).toEqual([
      ["ordinals", "ordinals"],
      [],
      ["runes"],
    ]);
  });

  it("a bad URL is a usage error naming the flag or variable", async () => {
    const run = await cli(COMMANDS.tx, { HIRO_RUNES_URL: "ftp://127.0.0.1:1" });
    expect(run).toMatchObject({ code: EXIT.usage, stdout: "" });
    expect(run.stderr).toBe("hiro-lookup: HIRO_RUNES_URL: must use http or https; got ftp:\n");
  });
});

describe("ordinals and runes without a URL", () => {
  it.each([
    ["sat-inscriptions", COMMANDS.sat, "--ordinals-url", "HIRO_ORDINALS_URL", "Ordinals"],
    ["tx-activity", COMMANDS.tx, "--runes-url", "HIRO_RUNES_URL", "Runes"],
  ])(
    "%s exits 2 naming its flag and variable, says why, and sends nothing",
    async (_, command, flag, variable, api) => {
      const [metadata] = await serve(1);
      const run = await cli(command, { HIRO_METADATA_URL: `${metadata?.url}` });
      expect(run.code).toBe(EXIT.usage);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim().split("\n")).toEqual([
        `hiro-lookup: ${flag}: not set: pass ${flag} (or --base-url) or set ${variable}. Hiro retired its hosted ${api} API on 2026-03-09: point it at your bitcoin-indexer's api/${api.toLowerCase()}. Nothing was sent.`,
      ]);
      expect(run.stderr).not.toContain("baseUrl");
      expect(metadata?.requests).toEqual([]);
    },
  );

  it("--base-url at Hiro's host names it as the reason", async () => {
    const run = await cli(["--base-url", "https://api.hiro.so", ...COMMANDS.sat]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(/^hiro-lookup: --ordinals-url: not set \(--base-url is Hiro's host/);
  });
});

describe("the API key", () => {
  it("--api-key with per-service URLs goes to the metadata service only", async () => {
    const [m, o, r] = await serve(3);
    await allThree([
      "--api-key",
      "k1",
      "--metadata-url",
      `${m?.url}`,
      "--ordinals-url",
      `${o?.url}`,
      "--runes-url",
      `${r?.url}`,
    ]);
    expect([m, o, r].map((s) => s?.requests.map((q) => q.apiKey))).toEqual([
      ["k1"],
      [undefined],
      [undefined],
    ]);
  });

  it("--api-key with one --base-url goes to that origin, for every service", async () => {
    const [all] = await serve(1);
    await allThree(["--api-key", "k1", "--base-url", `${all?.url}`]);
    expect(all?.requests.map((q) => q.apiKey)).toEqual(["k1", "k1", "k1"]);
  });

  it("HIRO_API_KEY from the environment is not sent to a host that is not *.hiro.so, and says so once", async () => {
    const [all] = await serve(1);
    const run = await cli(COMMANDS.sft, { HIRO_BASE_URL: `${all?.url}`, HIRO_API_KEY: "env-secret" });
    expect(run.code).toBe(0);
    expect(all?.requests.map((q) => q.apiKey)).toEqual([undefined]);
    expect(run.stderr).toBe(
      `hiro-lookup: HIRO_API_KEY from the environment is not sent to ${new URL(`${all?.url}`).host} (not a *.hiro.so host); pass --api-key to send a key there\n`,
    );
    expect(run.stderr + run.stdout).not.toContain("env-secret");
  });
});

describe("verify reads the same flags and environment", () => {
  const samples = [
    ...["--principal", SAMPLES.principal, "--token-id", SAMPLES.tokenId],
    ...["--ordinal", SAMPLES.ordinal, "--tx-id", SAMPLES.txId],
  ];

  it("verifies the services named by HIRO_*_URL, and no other (no default for metadata)", async () => {
    const [o] = await serve(1);
    const run = await cli(["--json", "verify", ...samples], { HIRO_ORDINALS_URL: `${o?.url}` });
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as { service: string }[];
    expect(new Set(rows.map((row) => row.service))).toEqual(new Set(["ordinals"]));
    expect(new Set(servicesAt(o))).toEqual(new Set(["ordinals"]));
  });

  it("a flag beats the environment for verify too", async () => {
    const [flag, env] = await serve(2);
    const run = await cli(["--json", "verify", "--runes-url", `${flag?.url}`, ...samples], {
      HIRO_RUNES_URL: `${env?.url}`,
    });
    expect(run.code).toBe(0);
    expect(servicesAt(env)).toEqual([]);
    expect(new Set(servicesAt(flag))).toEqual(new Set(["runes"]));
  });

  it("a service named by the environment without its sample is a usage error saying where the URL came from", async () => {
    const run = await cli(["verify", "--ordinal", SAMPLES.ordinal], { HIRO_BASE_URL: "http://127.0.0.1:1" });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(/--principal: is needed to verify the metadata service .*HIRO_BASE_URL/);
  });

  it("nothing named: a usage error, not a check of api.hiro.so", async () => {
    const run = await cli(["verify", ...samples]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toMatch(/give at least one of --metadata-url/);
  });

  it("a FAIL exits with its own code, 7 (not 2, a usage error)", async () => {
    const broken = await startFakeDeployment({ status: 500 }, SAMPLES);
    servers.push(broken);
    const run = await cli(["verify", "--ordinals-url", broken.url, "--ordinal", SAMPLES.ordinal]);
    expect(EXIT.verifyFailed).toBe(7);
    expect(run.code).toBe(EXIT.verifyFailed);
    expect(run.stderr).toMatch(/verify: \d+ of \d+ checks FAIL/);
  });
});

describe("hiro-lookup mock's options", () => {
  /** Runs `mock` with a startMock that records its options and then refuses (the command would serve forever). */
  async function mock(argv: string[], env: Record<string, string> = {}) {
    let stderr = "";
    const started: unknown[] = [];
    const code = await runCli(["mock", ...argv], {
      env,
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      startMock: async (options) => {
        started.push(options);
        throw new HiroValidationError("mock", "stopped by the test");
      },
    });
    return { code, stderr, started };
  }

  // Issue 47: the default was Hiro's 50 a minute, which made the pacer space calls 1.2 s apart.
  it("--rate-limit: requests a minute (default 3000; 50 is Hiro's without a key; 0 for none), the port as given", async () => {
    expect((await mock([])).started).toEqual([{ port: 4010, portSource: "--port", ratePerMinute: 3000 }]);
    expect((await mock(["--rate-limit", "5", "--port", "0"])).started).toEqual([
      { port: 0, portSource: "--port", ratePerMinute: 5 },
    ]);
    expect((await mock(["--rate-limit", "0"], { HIRO_MOCK_PORT: "4999" })).started).toEqual([
      { port: 4999, portSource: "HIRO_MOCK_PORT", ratePerMinute: 0 },
    ]);
  });

  it("--rate-limit sets --mock's budget too, for a lookup and for verify; without --mock it is refused", async () => {
    const sft = ["sft", "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1", "35"];
    expect((await underMock(["--mock", "--rate-limit", "5", ...sft])).started).toEqual([
      { ratePerMinute: 5 },
    ]);
    expect((await underMock(["--mock", ...sft])).started).toEqual([{}]);
    const verify = ["verify", "--ordinal", SAMPLES.ordinal];
    expect((await underMock(["--mock", "--rate-limit", "0", ...verify])).started).toEqual([
      { ratePerMinute: 0 },
    ]);
    const alone = await underMock(["--rate-limit", "5", ...sft]);
    expect(alone).toMatchObject({ code: EXIT.usage, started: [] });
    expect(alone.stderr).toContain("hiro-lookup: --rate-limit: is the mock's budget: give it with --mock");
  });

  /** Runs a command with a startMock that records its options and then refuses (nothing is served). */
  async function underMock(argv: string[]) {
    let stderr = "";
    const started: unknown[] = [];
    const code = await runCli(argv, {
      env: {},
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
      startMock: async (options) => {
        started.push(options ?? {});
        throw new HiroValidationError("--mock", "stopped by the test");
      },
    });
    return { code, stderr, started };
  }

  it.each(["-1", "1.5", "ten", ""])(
    "refuses --rate-limit %j by name, starting nothing (exit 2)",
    async (value) => {
      const run = await mock(["--rate-limit", value]);
      expect(run.code).toBe(EXIT.usage);
      expect(run.stderr).toContain("--rate-limit: must be a whole number of requests a minute");
      expect(run.started).toEqual([]);
    },
  );
});
