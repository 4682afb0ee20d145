/**
 * The doctor's GET on Node, where the address connected to can be checked: node:http(s) with a `lookup`
 * of its own, so the addresses a host name resolves to are checked by the very lookup the connection
 * uses (no second resolve that DNS could answer differently), for the first request and each redirect.
 * The modules come from `process.getBuiltinModule` (Node 20.16+), so the doctor's bundle imports no Node
 * module: in a browser or a Worker there is none, and the platform's `fetch` is used (see host-fetch.ts).
 */
import type { LookupAddress } from "node:dns";
import type { IncomingMessage } from "node:http";
import type { LookupFunction } from "node:net";
import { nonPublicRange, PrivateAddressError } from "./address-policy.js";

/** One GET: the URL, its `accept`, and the signal that stops it. */
export type HostTransport = (url: URL, init: { accept: string; signal: AbortSignal }) => Promise<Response>;

/** Node's modules, when this is Node itself (not Bun, Deno or a Worker's compatibility layer). */
function nodeModules() {
  const proc = (globalThis as { process?: NodeJS.Process }).process;
  const versions = proc?.versions;
  if (!versions?.node || "bun" in versions || "deno" in versions) return undefined;
  if (typeof proc?.getBuiltinModule !== "function") return undefined;
  const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
  if (agent === "Cloudflare-Workers") return undefined;
  return {
    http: proc.getBuiltinModule("node:http"),
    https: proc.getBuiltinModule("node:https"),
    dns: proc.getBuiltinModule("node:dns"),
  };
}

/** Statuses whose answer has no body. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** `message` as a web Response, its body streamed with backpressure. */
function responseOf(message: IncomingMessage): Response {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index] ?? "", raw[index + 1] ?? "");
    } catch {
      // A header a web Response cannot hold is left out: the doctor reads only a few known ones.
    }
  }
  const status = message.statusCode ?? 0;
  if (NO_BODY.has(status)) {
    message.resume();
    return new Response(null, { status, headers });
  }
  let done = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      message.on("data", (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) message.pause();
      });
      message.on("end", () => {
        if (!done) controller.close();
        done = true;
      });
      message.on("error", (error) => {
        if (!done) controller.error(error);
        done = true;
      });
    },
    pull() {
      message.resume();
    },
    cancel() {
      done = true;
      message.destroy();
    },
  });
  // A status outside 200–599 (a host's invention) makes the constructor throw: the fetch fails.
  return new Response(body, { status, headers });
}

/**
 * The guarded GET on Node, or undefined elsewhere. Unless `allowPrivateNetwork`, a host name that
 * resolves to any non-public address is refused before a connection is made (PrivateAddressError).
 */
export function nodeTransport(allowPrivateNetwork: boolean): HostTransport | undefined {
  const node = nodeModules();
  if (!node) return undefined;
  const lookup: LookupFunction = (hostname, options, callback) => {
    node.dns.lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = allowPrivateNetwork
        ? undefined
        : addresses.find((entry) => nonPublicRange(entry.address) !== undefined);
      if (refused)
        return callback(
          new PrivateAddressError(hostname, refused.address, nonPublicRange(refused.address) ?? "private"),
          "",
          0,
        );
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
  return (url, { accept, signal }) =>
    new Promise<Response>((resolve, reject) => {
      const module = url.protocol === "https:" ? node.https : node.http;
      const request = module.request(
        url,
        // No keep-alive pool: each GET (and each redirect) makes its own connection, checked by `lookup`.
        { method: "GET", headers: { accept, "accept-encoding": "identity" }, lookup, agent: false, signal },
        (message) => {
          try {
            resolve(responseOf(message));
          } catch (error) {
            message.destroy();
            reject(error);
          }
        },
      );
      request.on("error", reject);
      request.end();
    });
}
