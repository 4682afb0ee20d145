// The gateway bench's comparison servers, each its own process: `node gateway-targets.mjs <kind> <port> <arg>`.
//   map <port> <body file>      the floor of any Node gateway: node:http answering from a Map
//   redis-get <port> <redis>    node:http doing one Redis GET per request (node-redis pipelines them)
//   proxy <port> <upstream>     a bare proxy: every request forwarded upstream, no cache, no checks
//   upstream <port> <body file> the fake upstream: the token for any path, ETag and Cache-Control as Hiro's
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";

const [kind, portText, arg] = process.argv.slice(2);
const port = Number(portText);
const headers = { "content-type": "application/json; charset=utf-8" };
let handler;

if (kind === "map" || kind === "upstream") {
  const body = readFileSync(arg, "utf8");
  const map = new Map();
  let served = 0;
  handler = (req, res) => {
    if (kind === "upstream") {
      served++;
      if (req.url === "/count") return res.end(String(served));
      res.writeHead(200, {
        ...headers,
        etag: '"1713571767.123"',
        "cache-control": "public, no-cache, must-revalidate",
      });
      return res.end(body);
    }
    let value = map.get(req.url);
    if (value === undefined) {
      value = body;
      map.set(req.url, value);
    }
    res.writeHead(200, headers);
    res.end(value);
  };
} else if (kind === "redis-get") {
  const { createClient } = await import("redis");
  const client = createClient({ url: arg });
  await client.connect();
  handler = (req, res) => {
    client.get(`bench:${req.url}`).then(
      (value) => {
        res.writeHead(value === null ? 404 : 200, headers);
        res.end(value ?? "{}");
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  };
  // The one key every request reads: the token.
  const body = readFileSync(process.argv[5], "utf8");
  await client.set(`bench:${process.argv[6]}`, body);
} else if (kind === "proxy") {
  const upstream = new URL(arg);
  handler = (req, res) => {
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: "GET" },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    forward.end();
  };
} else {
  console.error(`unknown kind ${kind}`);
  process.exit(2);
}
createServer(handler).listen(port, "127.0.0.1", () => console.log("ready"));
