/**
 * `hiro-lookup serve`: the gateway (`hiro-lookup/server`) on Node. Upstreams and key from the same
 * options and environment as every command; `--redis` (or `HIRO_REDIS_URL`) shares the cache, the misses
 * and the pace between instances. One line on start says where it listens, which upstreams and which
 * store; SIGTERM or SIGINT stops accepting, finishes what is in flight, closes Redis and exits 0.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Command, Option } from "commander";
import { HiroValidationError, type LookupClientOptions } from "../../index.js";
import { createLookupGateway, createRedisShared, GATEWAY_DEFAULTS } from "../../server/index.js";
import { SERVICE_NAMES } from "../../spec-entry.js";
import { integer } from "../arguments.js";
import { readsGlobals } from "../help.js";
import type { CliIo } from "../io.js";
import { type GlobalOptions, globalClientOptions } from "../lookup-action.js";
import { inCliWords } from "../option-names.js";
import { clientRouting, lookupMetadataUrl, serviceUrls } from "../service-urls.js";
import { createMetricsServer } from "./metrics-server.js";
import { createGatewayServer, defaultMaxConnections, type MetricsText } from "./node-server.js";
import { connectRedis, connectRedisCluster, type RedisConnection } from "./redis-connect.js";
import { closeGracefully, listen, redactedRedis, type StopReason, stopped } from "./serve-lifecycle.js";
import { createServeMetrics, PROM_CLIENT_INSTALL } from "./serve-metrics.js";

/** `serve`'s own options, as commander names them. */
interface ServeOptions {
  host: string;
  port: number;
  redis?: string;
  redisCluster?: string;
  chainhooksSecret?: string;
  fresh?: number;
  corsOrigin: string[];
  corsAllowHeader: string[];
  perIp?: number;
  metricsHost?: string;
  metricsPort?: number;
  maxRps?: number;
  maxConnections?: number;
}

const DEFAULT_PORT = 3999;

const EXAMPLES = `
Examples:
  $ hiro-lookup serve                                  # http://127.0.0.1:3999, Hiro's Token Metadata API
  $ HIRO_API_KEY=… hiro-lookup serve --cors-origin https://app.example.com
  $ hiro-lookup --ordinals-url http://127.0.0.1:3000 --runes-url http://127.0.0.1:3001 serve --port 8080
  $ hiro-lookup --api-key "$KEY" serve --host 0.0.0.0 --redis redis://127.0.0.1:6379 --per-ip 20
  $ hiro-lookup serve --host 0.0.0.0 --per-ip 20 --metrics-port 9464   # /metrics on 127.0.0.1:9464 alone
  $ hiro-lookup serve --redis-cluster redis://10.0.0.5:7000,redis://10.0.0.6:7000
  $ curl http://127.0.0.1:3999/metadata/v1/ft/SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex

It serves the spec's GET routes on their own paths (/metadata/v1/…, /ordinals/v1/…, /runes/v1/…),
/healthz and /metrics (Prometheus text; needs ${PROM_CLIENT_INSTALL}). The key is sent upstream only.
/healthz and /metrics sit outside --per-ip, and /metrics on the main port is open to anyone who reaches
it: --metrics-port serves it on a listener of its own instead (on --metrics-host, default 127.0.0.1).
With --chainhooks-secret, POST /hooks/chainhooks takes Chainhooks' deliveries: a SIP-019 notice marks its
tokens stale in every instance, asked again every 5 s for 2 min.
--redis and --redis-cluster need the Redis client: npm i redis@6. Answers are served for --fresh ms without asking
upstream, then revalidated; a token still being fetched (422) is asked again after 2 s at most.`;

const collect = (value: string, previous: string[]) => [...previous, value];

/** Adds `serve` to `program`; `setExit` takes its exit code (1 when it stopped unasked). */
export function registerServe(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const command = program
    .command("serve")
    .description(
      "serve the lookups over HTTP for a team's apps: the key kept here, answers cached and shared",
    )
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", `port (0: any free one)`, integer("--port", 0), DEFAULT_PORT)
    .option("--redis <url>", "Redis shared by the instances: cache, misses, pace (env HIRO_REDIS_URL)")
    .option(
      "--redis-cluster <seeds>",
      "a Redis Cluster shared instead, by some of its nodes: redis://host:port,… (env HIRO_REDIS_CLUSTER)",
    )
    .option(
      "--chainhooks-secret <secret>",
      "Chainhooks' consumer secret: turns on POST /hooks/chainhooks, a purge on SIP-019 notices (env HIRO_CHAINHOOKS_SECRET)",
    )
    .option(
      "--fresh <ms>",
      `how long an answer is served without asking upstream; 0 revalidates every time (default ${GATEWAY_DEFAULTS.fresh})`,
      integer("--fresh", 0),
    )
    .addOption(
      new Option("--cors-origin <origin>", "an origin browsers may call from (repeatable)")
        .argParser(collect)
        .default([], "none"),
    )
    .addOption(
      new Option(
        "--cors-allow-header <name>",
        "a request header browsers may send, besides If-None-Match and traceparent/tracestate/baggage (repeatable)",
      )
        .argParser(collect)
        .default([], "none"),
    )
    .option("--per-ip <n>", "requests a second per caller IP (default: no limit)", integer("--per-ip", 1))
    .option(
      "--metrics-port <port>",
      "serve /metrics on this port instead of the main one (0: any free one)",
      integer("--metrics-port", 0),
    )
    .option("--metrics-host <host>", "address of the --metrics-port listener (default 127.0.0.1)")
    .option(
      "--max-connections <n>",
      "connections open at once; the excess is closed at once (default: the open-file limit less 128, 64 to 4096)",
      integer("--max-connections", 1),
    )
    .option(
      "--max-rps <n>",
      "upstream requests a second, all instances together (default: the service's headers)",
      integer("--max-rps", 1),
    )
    .addHelpText("after", EXAMPLES)
    .action(async (options: ServeOptions, self: Command) => {
      const reason = await serve(io, options, self.optsWithGlobals<GlobalOptions>());
      if (reason === "launcherGone") setExit(1);
    });
  readsGlobals(command, [
    "baseUrl",
    "metadataUrl",
    "ordinalsUrl",
    "runesUrl",
    "ordinalsMaxLimit",
    "runesMaxLimit",
    "apiKey",
    "timeout",
    "retries",
    "verbose",
    "header",
  ]);
}

/** The client's options from the global flags and the environment (as every command reads them). */
async function upstreamOptions(io: CliIo, global: GlobalOptions, maxRps: number | undefined) {
  const urls = serviceUrls(global, io.env);
  const routing = clientRouting(urls);
  const metadataUrl = lookupMetadataUrl(urls);
  if (global.mock) {
    // The mock is a process of its own, for development: the gateway goes in front of it by its URL.
    throw new HiroValidationError(
      "--mock",
      "is not for serve: start the mock (hiro-lookup mock) and pass --base-url http://127.0.0.1:4010",
    );
  }
  const options: LookupClientOptions = {
    ...globalClientOptions(io, global, { routing, metadataUrl }, "warn"),
    ...(maxRps === undefined ? {} : { maxRequestsPerSecond: maxRps }),
  };
  return { options, urls, apiKey: options.apiKey };
}

async function serve(io: CliIo, options: ServeOptions, global: GlobalOptions): Promise<StopReason> {
  let upstream: Awaited<ReturnType<typeof upstreamOptions>>;
  try {
    upstream = await upstreamOptions(io, global, options.maxRps);
  } catch (error) {
    throw inCliWords(error);
  }
  if (options.metricsHost !== undefined && options.metricsPort === undefined)
    throw new HiroValidationError("--metrics-host", "needs --metrics-port (the port /metrics moves to)");
  const redisUrl = options.redis ?? (io.env.HIRO_REDIS_URL || undefined);
  const redisFrom = options.redis ? "--redis" : "HIRO_REDIS_URL";
  const clusterSeeds = options.redisCluster ?? (io.env.HIRO_REDIS_CLUSTER || undefined);
  const clusterFrom = options.redisCluster ? "--redis-cluster" : "HIRO_REDIS_CLUSTER";
  if (redisUrl && clusterSeeds)
    throw new HiroValidationError(clusterFrom, `is one store, ${redisFrom} another: give one of them`);
  let redis: RedisConnection | undefined;
  if (redisUrl) redis = await connectRedis(redisUrl, redisFrom);
  if (clusterSeeds) redis = await connectRedisCluster(clusterSeeds, clusterFrom);
  const metrics = await createServeMetrics();
  const chainhooksSecret = options.chainhooksSecret ?? (io.env.HIRO_CHAINHOOKS_SECRET || undefined);
  const secretFrom = options.chainhooksSecret ? "--chainhooks-secret" : "HIRO_CHAINHOOKS_SECRET";
  if (chainhooksSecret !== undefined && !/^[\x21-\x7e]{16,1000}$/.test(chainhooksSecret))
    throw new HiroValidationError(secretFrom, "must be 16 to 1000 printable ASCII characters, no spaces");
  const gateway = createLookupGateway({
    ...(chainhooksSecret === undefined ? {} : { chainhooksSecret }),
    upstream: upstream.options,
    ...(options.fresh === undefined ? {} : { fresh: options.fresh }),
    corsOrigins: options.corsOrigin,
    corsAllowHeaders: options.corsAllowHeader,
    ...(redis
      ? {
          shared: createRedisShared(redis.commands, { close: () => (redis as RedisConnection).close() }),
        }
      : {}),
    healthPath: "/healthz",
    ...(options.perIp ? { perCallerPerSecond: options.perIp } : {}),
    ...(metrics ? { observer: metrics.observer } : {}),
  });
  const metricsText: MetricsText = metrics
    ? () => metrics.text()
    : // 503, not an empty 200: a scraper must not take "no metrics" for "nothing happened".
      async () => ({
        text: `# /metrics needs prom-client: ${PROM_CLIENT_INSTALL}\n`,
        contentType: "text/plain; charset=utf-8",
        status: 503,
      });
  const ownMetrics = options.metricsPort !== undefined;
  const server = createGatewayServer({
    gateway,
    ...(ownMetrics ? {} : { metrics: metricsText }),
    maxConnections: options.maxConnections ?? defaultMaxConnections(),
  });
  const metricsServer = ownMetrics ? createMetricsServer(metricsText) : undefined;
  await listen(server, options.host, options.port);
  if (metricsServer)
    await listen(
      metricsServer,
      options.metricsHost ?? "127.0.0.1",
      options.metricsPort ?? 0,
      "--metrics-port",
    ).catch(async (error: unknown) => {
      await closeGracefully(server);
      await gateway.close();
      throw error;
    });
  // After listening, an error is an accept that failed (EMFILE: out of file descriptors): the caller is
  // dropped and serve goes on, saying so at most once a minute.
  let saidAt = Number.NEGATIVE_INFINITY;
  const dropped = (error: NodeJS.ErrnoException) => {
    if (Date.now() - saidAt < 60_000) return;
    saidAt = Date.now();
    const why = error.code === "EMFILE" || error.code === "ENFILE" ? "too many open files" : error.code;
    io.stderr.write(
      `hiro-lookup serve: a connection was dropped (${why ?? "accept failed"}): lower --max-connections or raise the open-file limit (ulimit -n)\n`,
    );
  };
  server.on("error", dropped);
  metricsServer?.on("error", dropped);
  const urlOf = (listening: Server) => {
    const address = listening.address() as AddressInfo;
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  };
  const upstreams = SERVICE_NAMES.map(
    (name) =>
      `${name} ${upstream.urls[name]?.url ?? (name === "metadata" ? "https://api.hiro.so" : "(none)")}`,
  ).join(", ");
  const store = clusterSeeds
    ? `memory + Redis Cluster ${clusterSeeds
        .split(",")
        .map((seed) => redactedRedis(seed.trim()))
        .join(",")}`
    : redis
      ? `memory + Redis ${redactedRedis(redisUrl ?? "")}`
      : "memory";
  io.stdout.write(
    `hiro-lookup serve: listening on ${urlOf(server)}; upstreams: ${upstreams}; key: ${upstream.apiKey ? "yes (sent upstream only)" : "none"}; store: ${store}; fresh: ${options.fresh ?? GATEWAY_DEFAULTS.fresh} ms; metrics: ${metrics ? (metricsServer ? `${urlOf(metricsServer)}/metrics` : "/metrics") : `off (${PROM_CLIENT_INSTALL})`}${chainhooksSecret ? "; purge: POST /hooks/chainhooks" : ""}\n`,
  );
  const reason = await stopped(io);
  await Promise.all([closeGracefully(server), metricsServer && closeGracefully(metricsServer)]);
  await gateway.close();
  io.stderr.write(
    reason === "launcherGone"
      ? "hiro-lookup serve: stopped: its launcher is gone (nobody asked: exit 1)\n"
      : "hiro-lookup serve: stopped\n",
  );
  return reason;
}
