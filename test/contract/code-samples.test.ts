/**
 * The spec's `x-codeSamples`, as the reference shows them, work: the TypeScript ones run with tsx
 * (`hiro-lookup` mapped to src/; the types tier typechecks them as written: test/helpers/doc-examples.ts),
 * the curl and CLI ones run (the CLI's in-process, through `runCli`, in place of `npx hiro-lookup`); all
 * against the Prism mock, with their per-service URL swapped for the mock's.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { operations } from "../../src/generated/operations.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { codeSamples, docExampleFiles } from "../helpers/doc-examples.js";
import { ROOT } from "../helpers/spec.js";

const run = promisify(execFile);
const mock = inject("prismUrl");
/** The service URLs the samples show: Hiro's hosted metadata API, a self-hosted indexer. */
const SAMPLE_URLS = /https:\/\/api\.hiro\.so|http:\/\/127\.0\.0\.1:3000/g;

const all = codeSamples();
const byLabel = (label: string) => all.filter((s) => s.label === label);
/** What each operation's samples must print from the spec's first named example. */
const EXPECTED: Record<string, RegExp> = {
  getSftMetadata: /key-alex-autoalex-v1/,
  getSatoshiInscriptions: /6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799i0/,
  getTransactionActivity: /Z•Z•Z•Z•Z•FEHU•Z•Z•Z•Z•Z/,
  searchTokens: /fari-token/,
  getApiStatus: /token-metadata-api v2\.3\.0/,
  getFungibleTokens: /token-alex::alex/,
  getFtMetadata: /ALEX/,
  getNftMetadata: /Bitcoin Monkeys #1234|bitcoin-monkeys/,
};
const withMock = (source: string) => source.replaceAll(SAMPLE_URLS, mock);
const env = { ...process.env, HIRO_API_KEY: "", NO_COLOR: "1" };

describe("x-codeSamples", () => {
  // Under the project (so "type": "module" and node_modules apply), in the git-ignored .tmp/.
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, ".tmp/samples-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("every operation has a TypeScript, a curl and a CLI sample on its per-service URL", () => {
    for (const operationId of Object.keys(EXPECTED)) {
      const labels = all.filter((s) => s.operationId === operationId).map((s) => s.label);
      expect(labels.sort(), operationId).toEqual(["CLI", "curl", "hiro-lookup"]);
    }
    for (const sample of all) {
      expect(sample.source, `${sample.operationId} ${sample.label}`).toMatch(SAMPLE_URLS);
      // Only the Token Metadata API is hosted by Hiro.
      if (operations[sample.operationId as keyof typeof operations]?.service !== "metadata")
        expect(sample.source).not.toContain("api.hiro.so");
    }
  });

  it("the TypeScript samples are typechecked as written by the types tier", () => {
    const written = docExampleFiles().filter(({ name }) => name.startsWith("sample-"));
    expect(written.map(({ name }) => name).sort()).toEqual(
      Object.keys(EXPECTED)
        .map((operationId) => `sample-${operationId}.ts`)
        .sort(),
    );
    expect(written.map(({ source }) => source).sort()).toEqual(
      byLabel("hiro-lookup")
        .map((sample) => sample.source)
        .sort(),
    );
  });

  it("the TypeScript samples run against the mock", async () => {
    const files = byLabel("hiro-lookup").map((sample) => {
      const file = join(dir, `${sample.operationId}.ts`);
      writeFileSync(file, withMock(sample.source));
      return { sample, file };
    });
    const tsconfig = join(dir, "tsconfig.json");
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: join(ROOT, "tsconfig.json"),
        compilerOptions: { paths: { "hiro-lookup": [join(ROOT, "src/index.ts")] } },
        include: [join(dir, "*.ts")],
      }),
    );
    // All samples in one Node process (one start of tsx, not three), each one's output after a marker.
    const runner = join(dir, "run-all.mts");
    writeFileSync(
      runner,
      files
        .map(
          ({ sample, file }) =>
            `console.log("@@ ${sample.operationId}");\nawait import(${JSON.stringify(file)});\n`,
        )
        .join(""),
    );
    const { stdout } = await run(process.execPath, ["--import", "tsx", runner], {
      cwd: ROOT,
      env: { ...env, TSX_TSCONFIG_PATH: tsconfig },
    });
    const outputs = new Map(
      stdout
        .split(/^@@ /m)
        .slice(1)
        .map((part): [string, string] => [part.slice(0, part.indexOf("\n")), part]),
    );
    expect([...outputs.keys()]).toEqual(files.map(({ sample }) => sample.operationId));
    for (const { sample } of files)
      expect(outputs.get(sample.operationId), sample.operationId).toMatch(
        EXPECTED[sample.operationId] ?? /./,
      );
  }, 90_000);

  it("the curl samples answer 200 with the example from the mock", async () => {
    for (const sample of byLabel("curl")) {
      const url = /"(https?:\/\/[^"]+)"/.exec(withMock(sample.source))?.[1];
      expect(url, sample.operationId).toBeDefined();
      const headers = [...sample.source.matchAll(/-H "([^:]+): ([^"]*)"/g)].map((m): [string, string] => [
        m[1] ?? "",
        m[2] ?? "",
      ]);
      // fetch does what the sample's curl does: a GET with its headers ($HIRO_API_KEY unset: empty).
      const res = await fetch(url ?? "", {
        headers: headers.filter(([, value]) => !value.startsWith("$")),
      });
      expect(res.status, sample.operationId).toBe(200);
      expect(await res.text(), sample.operationId).toMatch(EXPECTED[sample.operationId] ?? /./);
    }
  });

  it("the CLI samples run against the mock (the CLI from src/, in-process, in place of npx hiro-lookup)", async () => {
    for (const sample of byLabel("CLI")) {
      const line = withMock(sample.source)
        .replace(/\\\n\s*/g, "")
        .trim();
      const args = line.split(/\s+/);
      expect(args.slice(0, 2), sample.operationId).toEqual(["npx", "hiro-lookup"]);
      const { code, stdout, stderr } = await runCliInProcess(args.slice(2), { HIRO_API_KEY: "" });
      expect(code, stderr).toBe(0);
      expect(stdout, sample.operationId).toMatch(EXPECTED[sample.operationId] ?? /./);
    }
  }, 60_000);
});
