/**
 * `hiro-lookup verify` against the Prism mock (passes what a mock can show, the rest "not checkable on a
 * mock") and against fake deployments on node:http that answer 404/500, wrong shapes, or ignore the
 * filter (FAIL with the right rows), or that serve the contract (all pass). In-process through runCli,
 * and once as a real process.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, inject, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import type { ConformanceRow } from "../../src/cli/verify/verify.js";
import { type FakeDeployment, type FakeMode, startFakeDeployment } from "../helpers/fake-deployment.js";
import { ROOT, specSamples } from "../helpers/spec.js";

const prismUrl = inject("prismUrl");
const SAMPLES = specSamples();

/** Every service at `url`, with the samples as flags; `--retries 0` so failures come back at once. */
function args(url: string, ...extra: string[]): string[] {
  return [
    "--retries",
    "0",
    "verify",
    ...["--metadata-url", url, "--ordinals-url", url, "--runes-url", url],
    ...samplesOnly(),
    ...extra,
  ];
}

/** The four sample flags. */
function samplesOnly(): string[] {
  return [
    ...["--principal", SAMPLES.principal, "--token-id", SAMPLES.tokenId],
    ...["--ordinal", SAMPLES.ordinal, "--tx-id", SAMPLES.txId],
  ];
}

/** Runs the CLI in-process with captured output; `rows` parsed from `--json`. */
async function verify(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  const rows = argv.includes("--json") && stdout !== "" ? (JSON.parse(stdout) as ConformanceRow[]) : [];
  return { code, stdout, stderr, rows };
}

const row = (rows: ConformanceRow[], service: string, check: string) => {
  const found = rows.find((r) => r.service === service && r.check === check);
  if (!found) throw new Error(`no row ${service} / ${check} in ${JSON.stringify(rows.map((r) => r.check))}`);
  return found;
};

/** What a fixed-example mock can show: the samples, their bodies, the ETag header. */
const MOCK_CHECKABLE = ["sample token", `sample sat ${SAMPLES.ordinal}`, "sample tx", "sample body", "ETag"];

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
const serve = async (mode: FakeMode) => {
  fake = await startFakeDeployment(mode, SAMPLES);
  return fake.url;
};

describe("verify against the Prism mock", () => {
  it("exits 0: the data checks pass, the rest is not checkable on a mock (never pass)", async () => {
    const { code, rows, stderr } = await verify([...args(prismUrl), "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(rows).toHaveLength(23);
    for (const r of rows) {
      const expected = MOCK_CHECKABLE.includes(r.check) ? "pass" : "not checkable on a mock";
      expect({ ...r, result: r.result }).toEqual({ ...r, result: expected });
    }
    expect(row(rows, "ordinals", "unknown sat 1").got).toMatch(/total [1-9]/);
  });

  it("--mock points every service at the embedded mock, and stops it", async () => {
    let stopped = 0;
    let stdout = "";
    const code = await runCli(["--retries", "0", "--mock", "--json", "verify", ...samplesOnly()], {
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      startMock: async () => ({ url: prismUrl, stop: async () => void stopped++ }),
    });
    expect(code).toBe(0);
    expect(stopped).toBe(1);
    const rows = JSON.parse(stdout) as ConformanceRow[];
    expect(new Set(rows.map((r) => r.service))).toEqual(new Set(["metadata", "ordinals", "runes"]));
    expect(row(rows, "runes", "If-None-Match").result).toBe("not checkable on a mock");
  });

  it("as a process: prints the table and says which services are mocks", async () => {
    const node = [process.execPath, "--import", "tsx", "src/cli/main.ts", ...args(prismUrl)];
    const { stdout } = await promisify(execFile)(node[0] as string, node.slice(1), {
      cwd: ROOT,
      env: { ...process.env, HIRO_API_KEY: "" },
    });
    expect(stdout).toMatch(/^check +service +expected +got +result$/m);
    expect(stdout).toMatch(/^sample sat \d+ +ordinals .* pass$/m);
    expect(stdout).toMatch(/^unknown sat 1 +ordinals .* not checkable on a mock$/m);
    expect(stdout).toContain("8 pass, 0 FAIL, 15 not checkable on a mock (metadata, ordinals, runes: a mock");
  });
});

describe("verify against a fake deployment", () => {
  it.each([404, 500])("fails when every route answers %i, with FAIL rows for the samples", async (status) => {
    const { code, rows, stderr } = await verify([...args(await serve({ status })), "--json"]);
    expect(code).toBe(7); // EXIT.verifyFailed
    expect(stderr).toMatch(/verify: 23 of 23 checks FAIL/);
    for (const check of ["sample token", `sample sat ${SAMPLES.ordinal}`, "sample tx"]) {
      const r = rows.find((x) => x.check === check);
      expect(r).toMatchObject({ result: "FAIL", got: expect.stringMatching(new RegExp(`^${status} `)) });
    }
    expect(rows.every((r) => r.result === "FAIL")).toBe(true);
  });

  it("fails on wrong shapes, naming the validation problem", async () => {
    const { code, rows } = await verify([...args(await serve("wrong-shapes")), "--json"]);
    expect(code).toBe(7); // EXIT.verifyFailed
    expect(row(rows, "metadata", "sample body")).toMatchObject({
      result: "FAIL",
      got: "/token_uri must be string",
    });
    expect(row(rows, "ordinals", "sample body")).toMatchObject({
      result: "FAIL",
      got: expect.stringMatching(/must have required property 'total'/),
    });
    expect(row(rows, "ordinals", `sample sat ${SAMPLES.ordinal}`)).toMatchObject({
      result: "FAIL",
      got: expect.stringContaining("results is not an array"),
    });
    expect(row(rows, "runes", "sample body").result).toBe("FAIL");
  });

  it("fails when the server ignores the ordinal (and tx) filter", async () => {
    const { code, rows } = await verify([...args(await serve("ignores-filter")), "--json"]);
    expect(code).toBe(7); // EXIT.verifyFailed
    expect(row(rows, "ordinals", "results are the sat asked")).toMatchObject({
      result: "FAIL",
      got: expect.stringMatching(/^2 of 2 have another sat_ordinal \(e\.g\. "\d+"\)$/),
    });
    expect(row(rows, "ordinals", "unknown sat 1")).toMatchObject({
      result: "FAIL",
      got: expect.stringContaining("total 2"),
    });
    expect(row(rows, "runes", "results are the tx asked").result).toBe("FAIL");
    // The sample itself still looks fine: only checking the answer against the question catches it.
    expect(row(rows, "ordinals", `sample sat ${SAMPLES.ordinal}`).result).toBe("pass");
  });

  it("passes every check of a conformant deployment, the API key going to the metadata service only", async () => {
    const { code, rows, stderr } = await verify([
      ...args(await serve("conformant")),
      "--api-key",
      "k1",
      "--json",
    ]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(rows).toHaveLength(23);
    expect(rows.filter((r) => r.result !== "pass")).toEqual([]);
    const sent = fake?.requests ?? [];
    expect(sent.filter((r) => r.apiKey === "k1").every((r) => r.url.startsWith("/metadata/"))).toBe(true);
    expect(sent.filter((r) => r.url.startsWith("/metadata/")).every((r) => r.apiKey === "k1")).toBe(true);
    // Sequential and raw: the documented bad requests really went out as such.
    expect(sent.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        `/ordinals/v1/sats/${SAMPLES.ordinal}/inscriptions?limit=61`,
        `/ordinals/v1/sats/${SAMPLES.ordinal}/inscriptions?offset=-1`,
        `/runes/v1/transactions/0x${SAMPLES.txId}/activity`,
      ]),
    );
  });

  it("verifies only the services given, with samples from --config", async () => {
    const url = await serve("conformant");
    const dir = mkdtempSync(join(tmpdir(), "hiro-verify-"));
    const config = join(dir, "verify.json");
    writeFileSync(config, JSON.stringify({ ordinalsUrl: url, ordinal: Number(SAMPLES.ordinal) }));
    const { code, rows } = await verify(["verify", "--config", config, "--json"]);
    expect(code).toBe(0);
    expect(new Set(rows.map((r) => r.service))).toEqual(new Set(["ordinals"]));
    expect(fake?.requests.every((r) => r.url.startsWith("/ordinals/"))).toBe(true);
  });

  it.each([
    [
      ["verify", "--ordinals-url", "http://127.0.0.1:1"],
      /--ordinal: is needed to verify the ordinals service/,
    ],
    [["verify"], /give at least one of --metadata-url/],
    [["verify", "--runes-url", "http://127.0.0.1:1", "--tx-id", "xyz"], /tx_id: must be 64 hex/],
  ])("is a usage error, sending nothing, for %j", async (argv, message) => {
    const { code, stderr } = await verify(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
