/**
 * `hiro-lookup verify` against the embedded mock (every check judged, all pass: it answers as upstream
 * does), against the Prism mock (graded like any deployment), and against fake deployments on node:http that answer 404/500, wrong shapes, or ignore the
 * filter (FAIL with the right rows), or that serve the contract (all pass). In-process through runCli,
 * and once as a real process.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { runCli } from "../../src/cli/program.js";
import type { ConformanceRow } from "../../src/cli/verify/verify.js";
import { startRulesMock } from "../../src/mock-server/index.js";
import { runCliProcess } from "../helpers/cli-process.js";
import { type FakeDeployment, type FakeMode, startFakeDeployment } from "../helpers/fake-deployment.js";
import { proxyTo, type SmallServer, serveWith } from "../helpers/serve-with.js";
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

/** `--mock` as the CLI gives it: the embedded mock (the mock's rules, its default budget), in-process. */
async function embeddedMock(onStop: () => void = () => undefined) {
  const mock = await startRulesMock({ port: 0 });
  return {
    url: mock.url,
    stop: async () => {
      onStop();
      await mock.close();
    },
  };
}

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
const serve = async (mode: FakeMode, maxLimit?: number) => {
  fake = await startFakeDeployment(mode, SAMPLES, maxLimit === undefined ? {} : { maxLimit });
  return fake.url;
};

describe("verify --junit", () => {
  it("writes a testcase per check (all passing against a conformant deployment) beside the table", async () => {
    // In a folder that does not exist yet (made, as CI steps expect).
    const file = join(mkdtempSync(join(tmpdir(), "hiro-junit-")), "reports", "verify.xml");
    const { code, stdout } = await verify([...args(await serve("conformant")), "--junit", file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/pass/);
    const xml = readFileSync(file, "utf8");
    const cases = xml.match(/<testcase /g)?.length ?? 0;
    expect(cases).toBeGreaterThan(20);
    expect(xml).toMatch(new RegExp(`<testsuites name="hiro-lookup verify" tests="${cases}" failures="0"`));
    expect(xml).not.toContain("<failure");
  });

  it("a failing deployment: failures with their messages, exit 7 as without --junit", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "hiro-junit-")), "verify.xml");
    const { code } = await verify([...args(await serve({ status: 500 })), "--junit", file]);
    expect(code).toBe(7);
    const xml = readFileSync(file, "utf8");
    expect(xml).toMatch(/<failure message="expected [^"]+; got [^"]+" type="FAIL">/);
  });

  it("the guide's CI example runs as written (its verify step, on the embedded mock): exit 0, the report written", async () => {
    const guide = readFileSync(join(ROOT, "docs/guide.md"), "utf8");
    const workflow = parse(/\*\*In CI\.\*\*[\s\S]*?```yaml\n([\s\S]*?)```/.exec(guide)?.[1] ?? "") as {
      jobs: { verify: { steps: { run?: string }[] } };
    };
    const step = workflow.jobs.verify.steps.find((s) => s.run?.startsWith("npx hiro-lookup"));
    const argv = (step?.run ?? "").split(/\s+/).slice(2);
    const dir = mkdtempSync(join(tmpdir(), "hiro-junit-"));
    const at = argv.indexOf("--junit");
    argv[at + 1] = join(dir, argv[at + 1] ?? "");
    const code = await runCli(argv, {
      env: {},
      stdout: { write: () => true },
      stderr: { write: () => true },
      startMock: () => embeddedMock(),
    });
    expect(code).toBe(0);
    expect(readFileSync(join(dir, "reports/verify.xml"), "utf8")).toMatch(
      /<testsuites name="hiro-lookup verify" tests="\d+" failures="0"/,
    );
  });

  it("a file that cannot be written is a usage error naming --junit", async () => {
    // Its folder would be a file: nothing can make it.
    const file = join(mkdtempSync(join(tmpdir(), "hiro-junit-")), "a-file");
    writeFileSync(file, "");
    const { code, stderr } = await verify([
      ...args(await serve("conformant")),
      "--junit",
      join(file, "verify.xml"),
    ]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--junit: cannot write .*\(E[A-Z]+\)/);
  });
});

describe("verify against the embedded mock", () => {
  // Before issue 47 the mock answered the SFT sample "404 Token not found" on the NFT route (upstream
  // answers every token kind's route), and --mock passed only by marking 8 of 17 metadata checks
  // "not checkable on a mock".
  it("--mock: every check is judged and passes, and the mock stops", async () => {
    let stopped = 0;
    let stdout = "";
    const code = await runCli(["--retries", "0", "--mock", "--json", "verify", ...samplesOnly()], {
      env: {},
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
      startMock: () => embeddedMock(() => void stopped++),
    });
    const rows = JSON.parse(stdout) as ConformanceRow[];
    expect(rows.filter((r) => r.result !== "pass")).toEqual([]);
    expect(code).toBe(0);
    expect(stopped).toBe(1);
    expect(rows).toHaveLength(37);
    expect(row(rows, "metadata", "sample token on the NFT route").got).toMatch(/^valid/);
    expect(row(rows, "ordinals", "unknown sat 1").got).toMatch(/total 0/);
  });

  it("the URL of a running `hiro-lookup mock` passes as a deployment does", async () => {
    const mock = await embeddedMock();
    try {
      const { code, rows } = await verify([...args(mock.url), "--json"]);
      expect(rows.filter((r) => r.result !== "pass")).toEqual([]);
      expect(code).toBe(0);
    } finally {
      await mock.stop();
    }
  });
});

describe("verify against the Prism mock", () => {
  it("a Prism URL is graded like any deployment: its sl-violations header passes nothing", async () => {
    const { code, rows } = await verify([...args(prismUrl), "--json"]);
    expect(code).toBe(7);
    expect(row(rows, "ordinals", "unknown sat 1")).toMatchObject({
      result: "FAIL",
      got: expect.stringMatching(/total [1-9]/),
    });
  });

  it("as a process: the table fits COLUMNS=80, a section and a summary per service", async () => {
    const run = await runCliProcess(args(prismUrl), { HIRO_API_KEY: "", COLUMNS: "80" });
    expect(run).toMatchObject({ code: 7 });
    const lines = run.stdout.split("\n");
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
    expect(run.stdout).toMatch(/^ordinals at http:\/\/127\.0\.0\.1:\d+$/m);
    expect(run.stdout).toMatch(/^ {2}result +check +expected +got$/m);
    expect(run.stdout).toMatch(/^ {2}pass +sample sat +200, 1\+ results/m);
    expect(run.stdout).toMatch(
      /^ {2}ordinals: \d+ of 9 FAIL, \d+ pass; page maximum 60; it sends Prism's sl-violations/m,
    );
    // The closing line wraps at the width, like the table.
    expect(run.stderr.replace(/\n +/g, " ")).toMatch(
      /verify: \d+ of 37 checks FAIL: metadata \d+ of 17, ordinals \d+ of 9, runes \d+ of 11/,
    );
  });
});

describe("verify against a fake deployment", () => {
  it.each([404, 500])("fails when every route answers %i, with FAIL rows for the samples", async (status) => {
    const { code, rows, stderr } = await verify([...args(await serve({ status })), "--json"]);
    expect(code).toBe(7); // EXIT.verifyFailed
    const down = status === 500 ? " \\(down\\)" : "";
    expect(stderr.replace(/\n +/g, " ")).toMatch(
      new RegExp(
        `verify: 37 of 37 checks FAIL: metadata 17 of 17${down}, ordinals 9 of 9${down}, runes 11 of 11${down}`,
      ),
    );
    // Cause first in every cell, the service's own words kept.
    for (const r of rows)
      expect(r).toMatchObject({
        result: "FAIL",
        got: expect.stringMatching(new RegExp(`^${status} Error: fake failure`)),
      });
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

  it("reports the metadata indexer's chain tip in the summary, so a self-hoster sees its lag", async () => {
    const { code, stdout } = await verify([
      "--retries",
      "0",
      "verify",
      "--metadata-url",
      await serve("conformant"),
      ...samplesOnly().slice(0, 4),
    ]);
    expect(code).toBe(0);
    // The summary wraps at the terminal's width: the hash may go on the next line.
    expect(stdout.replace(/\n +/g, " ")).toContain(
      "metadata: no FAIL of 17, 17 pass; indexer chain tip: block 5412887 (0x8bc3d2e3",
    );
  });

  it.each(["conformant", "wrong-shapes", "ignores-filter", { status: 404 }, { status: 500 }] as const)(
    "a %j deployment's table and closing line fit COLUMNS=100, as the rest of the output",
    async (mode) => {
      const { stdout, stderr } = await verify(args(await serve(mode)), { COLUMNS: "100" });
      const long = `${stdout}\n${stderr}`.split("\n").filter((line) => line.length > 100);
      expect(long).toEqual([]);
    },
  );

  it("a service behind a long proxy path: each section's heading wraps at COLUMNS=100 too", async () => {
    const url = `${await serve({ status: 404 })}/${"a-reverse-proxy-path-".repeat(6)}end`;
    const { code, stdout, stderr } = await verify(args(url), { COLUMNS: "100" });
    expect(code).toBe(7); // EXIT.verifyFailed
    const long = `${stdout}\n${stderr}`.split("\n").filter((line) => line.length > 100);
    expect(long).toEqual([]);
    // The heading is still there, the whole URL once its lines are joined.
    expect(stdout.replace(/\s+/g, "")).toContain(`runesat${url}`);
  });

  it("FAILs a search that answers a token nobody asked, as the client refuses it", async () => {
    const url = await serve("conformant");
    const other = { contract_id: "SP32XCD69XPS3GKDEXAQ29PJRDSD5AR643GNEEBXZ.fari-token", token_number: 1 };
    const extra = await proxyTo(url, async (response) => {
      if (response.status !== 200) return response;
      const body = (await response.json().catch(() => undefined)) as unknown;
      const grown = Array.isArray(body) && body.length > 0 ? [...body, { ...body[0], ...other }] : body;
      return Response.json(grown, { status: response.status, headers: response.headers });
    });
    try {
      const { rows } = await verify([...args(extra.url), "--json"]);
      expect(row(rows, "metadata", "search: only the tokens asked")).toMatchObject({
        result: "FAIL",
        got: expect.stringContaining("fari-token:1, a token not asked"),
      });
    } finally {
      await extra.close();
    }
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
    expect(rows).toHaveLength(37);
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
    [["verify", "--runes-url", "http://127.0.0.1:1", "--tx-id", "xyz"], /--tx-id: must be 64 hex/],
    // The sample token number follows the lookups' rule (issue 29 item 3): upstream's column is a bigint.
    [
      [
        "verify",
        "--metadata-url",
        "http://127.0.0.1:1",
        "--token-id",
        "10000000000000000000",
        "--principal",
        SAMPLES.principal,
      ],
      /--token-id: is above 2\^63-1, the largest token number the service stores/,
    ],
    [
      [
        "verify",
        "--metadata-url",
        "http://127.0.0.1:1",
        "--token-id",
        "9007199254740993",
        "--principal",
        SAMPLES.principal,
      ],
      /--token-id: is above 2\^53-1 .*would ask for token 9007199254740992, another token/,
    ],
  ])("is a usage error, sending nothing, for %j", async (argv, message) => {
    const { code, stderr } = await verify(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe("verify says why", () => {
  let extra: SmallServer[] = [];
  afterEach(async () => {
    await Promise.all(extra.map((s) => s.close()));
    extra = [];
  });
  const small = async (server: Promise<SmallServer>) => {
    const started = await server;
    extra.push(started);
    return started;
  };

  it("a refused connection: ECONNREFUSED first in every cell, in --json too, and the closing line names the service", async () => {
    const gone = await serveWith(() => new Response(""));
    await gone.close();
    const { code, rows, stderr } = await verify([
      ...["--retries", "0", "verify", "--metadata-url", gone.url, "--runes-url", await serve("conformant")],
      ...["--principal", SAMPLES.principal, "--token-id", SAMPLES.tokenId, "--tx-id", SAMPLES.txId, "--json"],
    ]);
    expect(code).toBe(7);
    const metadata = rows.filter((r) => r.service === "metadata");
    expect(metadata).toHaveLength(17);
    for (const r of metadata)
      expect(r).toMatchObject({ result: "FAIL", got: expect.stringMatching(/^no answer: ECONNREFUSED/) });
    expect(rows.filter((r) => r.service === "runes" && r.result !== "pass")).toEqual([]);
    expect(stderr).toBe("hiro-lookup: verify: 17 of 28 checks FAIL: metadata 17 of 17 (down)\n");
  });

  it("a route's 404 keeps its 'not found' at the start of the cell", async () => {
    const nothing = await small(
      serveWith((path) =>
        Response.json(
          { message: `Route GET:${path} not found`, error: "Not Found", statusCode: 404 },
          { status: 404 },
        ),
      ),
    );
    const { rows } = await verify([
      "--retries",
      "0",
      "verify",
      "--ordinals-url",
      nothing.url,
      "--ordinal",
      SAMPLES.ordinal,
      "--json",
    ]);
    expect(row(rows, "ordinals", `sample sat ${SAMPLES.ordinal}`).got).toMatch(
      /^404 Not Found: Route GET:\/ordinals\/v1\/sats\/\d+\/inscriptions not found$/,
    );
  });

  it("a dead service fails fast: after its first failed request (retries spent), its other checks are not sent", async () => {
    const { code, rows, stdout } = await verify([
      ...args(await serve({ status: 500 })).map((a) => (a === "0" ? "1" : a)),
    ]);
    expect(code).toBe(7);
    // One check per service went out, with its one retry: 3 × 2 requests instead of 37 × 2.
    expect(fake?.requests).toHaveLength(6);
    expect(stdout).toMatch(/^ {2}metadata: 17 of 17 FAIL, 0 pass; down: 500 Error: fake failure$/m);
    expect(rows).toEqual([]);
  });

  it("the table fits the terminal's width, wrapping cells, whatever the cell lengths", async () => {
    const url = await serve("wrong-shapes");
    for (const columns of [60, 100, 160]) {
      let stdout = "";
      await runCli(args(url), {
        env: {},
        stdout: { write: (text: string) => (stdout += text), isTTY: true, columns },
        stderr: { write: () => true },
      });
      const lines = stdout.split("\n");
      expect(lines.filter((l) => l.length > columns)).toEqual([]);
      expect(stdout).toMatch(/^ {2}FAIL +sample body/m);
    }
  });

  it("a deployment cannot grade itself: Prism's sl-violations header is a note, never a pass", async () => {
    const proxy = await small(
      proxyTo(await serve("ignores-filter"), (response) => {
        const headers = new Headers(response.headers);
        headers.set(
          "sl-violations",
          '[{"location":["request"],"severity":"Error","code":"x","message":"y"}]',
        );
        return new Response(response.body, { status: response.status, headers });
      }),
    );
    const { code, rows, stdout } = await verify([...args(proxy.url)]);
    expect(code).toBe(7);
    expect(stdout).toMatch(/FAIL +results are the sat asked/);
    expect(stdout.replace(/\s+/g, " ")).toMatch(
      /it sends Prism's sl-violations header \(a mock\?\), which never passes a check/,
    );
    expect(rows).toEqual([]);
  });

  it("a body nested too deeply for JSON.stringify still gets its table", async () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const odd = await small(
      serveWith(
        (path) =>
          new Response(
            path.startsWith("/metadata/")
              ? `{"token_uri":${deep}}`
              : `{"limit":20,"offset":0,"total":1,"results":[${deep}]}`,
            {
              status: path.includes("limit=61") ? 400 : 200,
              headers: { "content-type": "application/json" },
            },
          ),
      ),
    );
    const { code, rows, stdout } = await verify(args(odd.url));
    expect(code).toBe(7);
    expect(rows).toEqual([]);
    expect(stdout).toMatch(/^ {2}FAIL +sample body/m);
    expect(stdout).toMatch(/^ {2}metadata: \d+ of 17 FAIL/m);
    expect(stdout).toContain("200 (a value nested too deeply");
  });
});

describe("the deployment's page maximum (issue 20, item 2: API_RESULTS_MAX_LIMIT)", () => {
  it.each([100, 20])("a deployment configured at %i passes, and verify reports its maximum", async (max) => {
    const { code, rows } = await verify([...args(await serve("conformant", max)), "--json"]);
    expect(rows.filter((r) => r.result !== "pass")).toEqual([]);
    expect(code).toBe(0);
    for (const service of ["ordinals", "runes"]) {
      expect(row(rows, service, "page maximum").got).toBe(
        `${max}, set by the deployment (the spec says 60); the lookups need --${service}-max-limit ${max}`,
      );
    }
    // The limit one above the deployment's maximum is the refused one.
    expect(fake?.requests.map((r) => r.url)).toContain(
      `/runes/v1/transactions/${SAMPLES.txId}/activity?limit=${max + 1}`,
    );
  });

  it("the spec's 60 is reported as such, in the table's summary too", async () => {
    const { code, stdout } = await verify(args(await serve("conformant")));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}runes: no FAIL of 11, 11 pass; page maximum 60$/m);
  });

  it("FAILs when the deployment's maximum is not the one --runes-max-limit gives", async () => {
    const { code, rows } = await verify([
      ...args(await serve("conformant", 20)),
      "--runes-max-limit",
      "100",
      "--json",
    ]);
    expect(code).toBe(7);
    expect(row(rows, "runes", "page maximum")).toMatchObject({
      result: "FAIL",
      got: "20, not the 100 of --runes-max-limit",
    });
  });
});
