/**
 * `--all` pages by the deployment's maximum when `--runes-max-limit` / `--ordinals-max-limit` give one
 * (bitcoin-indexer's API_RESULTS_MAX_LIMIT): a server whose maximum is 20 refuses `limit=60`, and one whose
 * maximum is 100 answers it in fewer pages. The CLI runs in-process against a local server.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import { TX_ID } from "../helpers/fake-fetch.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { loadSpec } from "../helpers/spec.js";

const example = loadSpec().components.examples.RuneEtchingActivity?.value as { results: object[] };
const [activity] = example.results;

/** A runes server holding `count` activities of TX_ID, refusing a limit above `maximum` as upstream does. */
function runesServer(count: number, maximum: number) {
  const items = Array.from({ length: count }, (_, i) => ({
    ...activity,
    location: { ...(activity as { location: object }).location, tx_id: TX_ID, vout: i },
  }));
  return serveWith((path) => {
    const query = new URL(path, "http://x").searchParams;
    const limit = Number(query.get("limit") ?? 20);
    const offset = Number(query.get("offset") ?? 0);
    if (limit > maximum)
      return Response.json(
        { statusCode: 400, error: "Bad Request", message: `querystring/limit must be <= ${maximum}` },
        { status: 400 },
      );
    const results = items.slice(offset, offset + limit);
    return Response.json({ limit, offset, total: results.length ? count : 0, results });
  });
}

let server: SmallServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    env: {},
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe("--all and the deployment's page maximum", () => {
  it.each([
    [20, 45, ["limit=20&offset=0", "limit=20&offset=20", "limit=20&offset=40"]],
    [100, 130, ["limit=100&offset=0", "limit=100&offset=100"]],
  ])("--runes-max-limit %i: pages by it", async (maximum, count, pages) => {
    server = await runesServer(count, maximum);
    const run = await cli([
      "--runes-url",
      server.url,
      "--runes-max-limit",
      String(maximum),
      "tx-activity",
      TX_ID,
      "--all",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(count);
    expect(
      server.requests.map((r) => new URL(r, "http://x").search.slice(1).split("&").sort().join("&")),
    ).toEqual(pages.map((p) => p.split("&").sort().join("&")));
  });
});
