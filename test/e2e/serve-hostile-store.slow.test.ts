/**
 * `hiro-lookup serve` processes on a real Redis that someone else writes to: entries with a status, a
 * content type or an ETag Node cannot send (each crashed every instance that read it, again after each
 * restart), and HTML, are dropped and asked again; the process stays up and serves what it would write.
 */

import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../scripts/lib/redis-server.js";
import { PRINCIPAL } from "../helpers/fake-fetch.js";
import { type ServeProcess, startServeProcess } from "../helpers/serve-process.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { upstreamFixtureText } from "../helpers/upstream-fixtures.js";

const TOKEN = upstreamFixtureText("tma-sft-200-valid-metadata");
let redis: RedisServer;
let upstream: SmallServer;
let commands: ReturnType<typeof createClient>;

beforeAll(async () => {
  redis = await startRedisServer();
  upstream = await serveWith(
    () => new Response(TOKEN, { headers: { "content-type": "application/json", etag: '"7"' } }),
  );
  commands = createClient({ url: redis.url });
  commands.on("error", () => undefined);
  await commands.connect();
}, 60_000);

afterAll(async () => {
  await commands?.close().catch(() => undefined);
  await redis?.stop();
  await upstream?.close();
});

/** The answers' keys (not the lock's or the pace's). */
const entryKeys = async () =>
  (await commands.keys("hiro-lookup:*")).filter((key) => key.includes(":answer:"));
const target = (id: number) => `/metadata/v1/sft/${PRINCIPAL}/${id}`;
const poisons: Array<[string, (entry: Record<string, unknown>) => Record<string, unknown>]> = [
  ['status "abc"', (entry) => ({ ...entry, status: "abc" })],
  ["a content type with CRLF", (entry) => ({ ...entry, contentType: "application/json\r\nx-evil: 1" })],
  ["an ETag with U+2028", (entry) => ({ ...entry, etag: '"7\u2028"' })],
  [
    "text/html with <script>",
    (entry) => ({ ...entry, contentType: "text/html", body: "<script>1</script>" }),
  ],
];

async function stop(serve: ServeProcess) {
  serve.child.kill("SIGTERM");
  return serve.exited;
}

describe("serve on a Redis written by others", () => {
  it("drops each bad entry, asks upstream again, says so once, and stays up", async () => {
    const args = ["--base-url", upstream.url];
    const writer = await startServeProcess(args, ["--redis", redis.url]);
    const keys: string[] = [];
    try {
      for (const [index] of poisons.entries()) {
        const before = new Set(await entryKeys());
        expect((await fetch(`${writer.url}${target(index + 1)}`)).status).toBe(200);
        const added = (await entryKeys()).filter((key) => !before.has(key));
        expect(added).toHaveLength(1);
        keys.push(added[0] ?? "");
      }
    } finally {
      expect(await stop(writer)).toBe(0);
    }
    for (const [index, [, poison]] of poisons.entries()) {
      const key = keys[index] ?? "";
      const entry = JSON.parse((await commands.get(key)) ?? "{}") as Record<string, unknown>;
      await commands.set(key, JSON.stringify(poison(entry)));
    }
    const reader = await startServeProcess(args, ["--redis", redis.url]);
    try {
      for (const [index, [name]] of poisons.entries()) {
        const response = await fetch(`${reader.url}${target(index + 1)}`).catch((error: Error) => error);
        expect(response instanceof Response, `${name}: ${reader.stderr()}`).toBe(true);
        if (!(response instanceof Response)) continue;
        expect(response.status, name).toBe(200);
        expect(response.headers.get("content-type"), name).toBe("application/json; charset=utf-8");
        expect(await response.text(), name).toBe(TOKEN);
        expect(JSON.parse((await commands.get(keys[index] ?? "")) ?? "{}"), name).toMatchObject({
          status: 200,
          etag: '"7"',
        });
      }
      expect(reader.running(), reader.stderr()).toBe(true);
      expect(reader.stderr().match(/failed its check/g)).toHaveLength(1);
    } finally {
      expect(await stop(reader)).toBe(0);
    }
  }, 60_000);
});
