/**
 * `serve --metrics-port`: `/metrics` on a listener of its own (by default on 127.0.0.1), so the main
 * port's callers never read it. It answers GET and HEAD `/metrics` and 404 to anything else, reads no
 * body, and keeps the main server's socket limits with a small connection cap (a scraper or two).
 */
import { createServer, type Server } from "node:http";
import {
  asksMetrics,
  type MetricsText,
  metricsAnswer,
  SERVER_LIMITS,
  SERVER_OPTIONS,
  write,
} from "./node-server.js";

/** Connections the metrics listener keeps open at once. */
const MAX_METRICS_CONNECTIONS = 16;

const NOT_FOUND = {
  status: 404,
  headers: {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  },
  body: JSON.stringify({ statusCode: 404, error: "Not Found", message: "this port serves /metrics only" }),
};

const FAILED = {
  ...NOT_FOUND,
  status: 500,
  body: JSON.stringify({ statusCode: 500, error: "Internal Server Error", message: "the metrics failed" }),
};

/** A `node:http` server of `/metrics` (not yet listening). */
export function createMetricsServer(metrics: MetricsText): Server {
  const server = createServer(SERVER_OPTIONS, (request, response) => {
    if (!asksMetrics(request)) return write(response, NOT_FOUND);
    metricsAnswer(metrics).then(
      (answer) => write(response, answer),
      () => write(response, FAILED),
    );
  });
  server.maxConnections = MAX_METRICS_CONNECTIONS;
  server.on("connection", (socket) => socket.setTimeout(SERVER_LIMITS.idleTimeoutMs));
  return server;
}
