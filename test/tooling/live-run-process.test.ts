/**
 * `npm run test:live` as a developer runs it (the contract suite as a process, its switch in the
 * environment), against deployments that serve nothing: one answering 404 to everything, one 500. The
 * run must fail, with one failed test per operation of the table (issue 35 item 5: it called four of the
 * eight, and a run against such servers could pass what it never asked).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../src/spec-entry.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { ROOT } from "../helpers/spec.js";

/** A server answering `status` with Fastify's error body to every request. */
const answering = (status: number) =>
  serveWith(() => Response.json({ statusCode: status, error: "Error", message: "nothing here" }, { status }));

let notFound: SmallServer;
let failing: SmallServer;
beforeAll(async () => {
  [notFound, failing] = await Promise.all([answering(404), answering(500)]);
});
afterAll(async () => {
  await Promise.all([notFound?.close(), failing?.close()]);
});

interface JsonReport {
  numFailedTests: number;
  testResults: { assertionResults: { title: string; status: string }[] }[];
}

/** `npm run test:live`'s vitest run, its report as JSON; resolves with the exit code and the report. */
function liveRun(env: Record<string, string>): Promise<{ code: number; report: JsonReport }> {
  const out = join(mkdtempSync(join(tmpdir(), "hiro-live-")), "report.json");
  const vitest = join(ROOT, "node_modules/vitest/vitest.mjs");
  const args = [vitest, "run", "test/contract/contract.test.ts", "--reporter=json", `--outputFile=${out}`];
  // Only the live switch: no key, and none of the CLI's URLs (they never make a run live anyway).
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("HIRO_") && !name.startsWith("VITEST")),
  );
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, env: { ...base, ...env } }, (error) => {
      try {
        const code = error ? Number(error.code ?? 1) : 0;
        resolve({ code, report: JSON.parse(readFileSync(out, "utf8")) as JsonReport });
      } catch (cause) {
        reject(cause);
      }
    });
  });
}

describe("npm run test:live against deployments that serve nothing", () => {
  it("fails, one failed test per operation of the table (metadata on a 404 server, ordinals and runes on a 500 one)", async () => {
    const { code, report } = await liveRun({
      HIRO_LIVE_METADATA_URL: notFound.url,
      HIRO_LIVE_ORDINALS_URL: failing.url,
      HIRO_LIVE_RUNES_URL: failing.url,
    });
    expect(code).not.toBe(0);
    const results = report.testResults.flatMap((file) => file.assertionResults);
    const failed = results.filter((r) => r.status === "failed").map((r) => r.title.split(" ")[0]);
    expect([...failed].sort()).toEqual(Object.keys(operations).sort());
    expect(results.filter((r) => r.status === "passed")).toEqual([]);
  }, 180_000);
});
