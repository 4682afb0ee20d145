/**
 * The opt-in live contract run: its switch reads only its own HIRO_LIVE_* variables, and its judgement
 * fails any service that does not answer its sample with data (against local servers on 127.0.0.1).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { OperationId, ServiceName } from "../../src/index.js";
import { matchOperation, operations } from "../../src/spec-entry.js";
import { startFakeDeployment } from "../helpers/fake-deployment.js";
import {
  type LiveTarget,
  liveOperations,
  liveSampleProblem,
  liveServices,
  liveTargetOf,
} from "../helpers/live-run.js";
import { serveWith } from "../helpers/serve-with.js";
import { specSamples } from "../helpers/spec.js";
import { createTestClient } from "../helpers/test-client.js";

const CLI_ENV = {
  HIRO_BASE_URL: "http://127.0.0.1:3000",
  HIRO_METADATA_URL: "https://api.hiro.so",
  HIRO_ORDINALS_URL: "http://127.0.0.1:3000",
  HIRO_RUNES_URL: "http://127.0.0.1:3001",
  HIRO_API_KEY: "k",
};

/** The servers a test started, closed after it. */
let servers: { url: string; close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
const keep = <T extends { url: string; close(): Promise<void> }>(server: T): T => {
  servers.push(server);
  return server;
};

describe("liveTargetOf", () => {
  it("stays on the mock when only the CLI's variables are exported (HIRO_BASE_URL is not the switch)", () => {
    expect(liveTargetOf(CLI_ENV)).toBeNull();
    expect(liveTargetOf({})).toBeNull();
    expect(liveTargetOf({ HIRO_LIVE_BASE_URL: "" })).toBeNull();
  });

  it("HIRO_LIVE_BASE_URL: one URL for all three services", () => {
    const target = liveTargetOf({ ...CLI_ENV, HIRO_LIVE_BASE_URL: "http://proxy.test" });
    expect(target).toBe("http://proxy.test");
    expect(target && liveServices(target)).toEqual(["metadata", "ordinals", "runes"]);
  });

  it("per service: only the services named are called, HIRO_LIVE_BASE_URL filling the rest", () => {
    const split = liveTargetOf({
      HIRO_LIVE_METADATA_URL: "https://api.hiro.so",
      HIRO_LIVE_ORDINALS_URL: "http://127.0.0.1:3000",
    });
    expect(split).toEqual({ metadata: "https://api.hiro.so", ordinals: "http://127.0.0.1:3000" });
    expect(split && liveServices(split)).toEqual(["metadata", "ordinals"]);
    expect(
      liveTargetOf({ HIRO_LIVE_BASE_URL: "http://a.test", HIRO_LIVE_RUNES_URL: "http://b.test" }),
    ).toEqual({
      metadata: "http://a.test",
      ordinals: "http://a.test",
      runes: "http://b.test",
    });
  });
});

/**
 * Issue 20, item 1: the live run passed (exit 0) against a server that answers 404 to everything, one
 * that answers 500, and service URLs mixed up, because it returned early on any documented error. Each
 * service must answer its sample with data that fits the spec.
 */
describe("liveSampleProblem: a live run fails unless each service answers its sample with data", () => {
  /** Serves only `service`'s routes of a conformant deployment; every other path is Fastify's 404. */
  async function onlyService(service: ServiceName) {
    const full = keep(await startFakeDeployment("conformant", specSamples()));
    return keep(
      await serveWith(async (path) =>
        path.startsWith(`/${service}/`)
          ? fetch(`${full.url}${path}`)
          : Response.json(
              { message: `Route GET:${path} not found`, error: "Not Found", statusCode: 404 },
              { status: 404 },
            ),
      ),
    );
  }
  const problemsAt = async (target: LiveTarget) => {
    const { client } = createTestClient(target, { maxRetries: 0 });
    const problems: Record<string, string | undefined> = {};
    for (const service of liveServices(target)) problems[service] = await liveSampleProblem(client, service);
    return problems;
  };

  it("passes a conformant deployment", async () => {
    const { url } = keep(await startFakeDeployment("conformant", specSamples()));
    expect(await problemsAt(url)).toEqual({ metadata: undefined, ordinals: undefined, runes: undefined });
  });

  it("fails a Token Metadata API older than the search (2.1: /metadata/v1/search is Fastify's 404)", async () => {
    const full = keep(await startFakeDeployment("conformant", specSamples()));
    const old = keep(
      await serveWith(async (path) =>
        path.startsWith("/metadata/v1/search")
          ? Response.json(
              { message: `Route GET:${path} not found`, error: "Not Found", statusCode: 404 },
              { status: 404 },
            )
          : fetch(`${full.url}${path}`),
      ),
    );
    const problems = await problemsAt({ metadata: old.url });
    expect(problems.metadata).toMatch(/searchTokens answered no data: .*predates the search/);
  });

  it.each([404, 500])("fails every service of a server that answers %i to everything", async (status) => {
    const { url } = keep(await startFakeDeployment({ status }, specSamples()));
    const problems = await problemsAt(url);
    for (const service of ["metadata", "ordinals", "runes"]) {
      expect(problems[service]).toMatch(new RegExp(`answered no data: HiroApiError: .*${status}`));
    }
  });

  it("fails mixed-up service URLs (metadata → a 404 server, ordinals → the runes server)", async () => {
    const nothing = keep(await startFakeDeployment({ status: 404 }, specSamples()));
    const runes = await onlyService("runes");
    const problems = await problemsAt({ metadata: nothing.url, ordinals: runes.url, runes: runes.url });
    expect(problems.metadata).toMatch(/getSftMetadata answered no data/);
    expect(problems.ordinals).toMatch(/getSatoshiInscriptions answered no data: .*404/);
    expect(problems.runes).toBeUndefined();
  });

  it("fails an empty page for the sample, and a refused connection", async () => {
    const empty = keep(
      await serveWith(async (path) =>
        Response.json({ limit: 20, offset: 0, total: 0, results: [] }, { status: path ? 200 : 500 }),
      ),
    );
    expect((await problemsAt({ runes: empty.url })).runes).toMatch(
      /no data for the spec's sample \(an empty page\)/,
    );
    const closed = keep(await serveWith(async () => new Response("")));
    await closed.close();
    servers = servers.filter((s) => s !== closed);
    expect((await problemsAt({ ordinals: closed.url })).ordinals).toMatch(
      /answered no data: HiroNetworkError/,
    );
  });
});

/**
 * Issue 35 item 5: the live run called four of the eight operations (never getFtMetadata,
 * getNftMetadata, getFungibleTokens, getApiStatus). Every operation of the table is exercised, and a
 * deployment that breaks any one of them fails the run, naming it.
 */
describe("the live run covers every operation of the table", () => {
  const ids = Object.keys(operations) as OperationId[];

  it("the samples are derived from the table: one per operation, in the table's order, by service", () => {
    const all = (["metadata", "ordinals", "runes"] as const).flatMap((service) => liveOperations(service));
    expect([...all].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(liveOperations(operations[id].service)).toContain(id);
  });

  it("a conformant deployment is asked every operation's route", async () => {
    const fake = keep(await startFakeDeployment("conformant", specSamples()));
    const { client } = createTestClient(fake.url, { maxRetries: 0 });
    for (const service of liveServices(fake.url))
      expect(await liveSampleProblem(client, service)).toBeUndefined();
    const asked = new Set(
      fake.requests.map((r) => matchOperation(new URL(r.url, fake.url).pathname)?.operationId),
    );
    expect(ids.filter((id) => !asked.has(id))).toEqual([]);
  });

  it.each(ids.flatMap((id) => [404, 500].map((status) => [id, status] as const)))(
    "fails a deployment where only %s answers %i, naming it",
    async (broken, status) => {
      const full = keep(await startFakeDeployment("conformant", specSamples()));
      const front = keep(
        await serveWith(async (path) =>
          matchOperation(new URL(path, full.url).pathname)?.operationId === broken
            ? Response.json({ statusCode: status, error: "Error", message: "broken here" }, { status })
            : fetch(`${full.url}${path}`),
        ),
      );
      const { client } = createTestClient(front.url, { maxRetries: 0 });
      const problem = await liveSampleProblem(client, operations[broken].service);
      expect(problem).toMatch(new RegExp(`${broken} answered no data: HiroApiError: .*${status}`));
    },
  );
});
