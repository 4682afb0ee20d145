/**
 * The local servers the runtime checks (test/runtimes/checks.mjs) talk to, all on 127.0.0.1 port 0:
 * - the API: `/<run>/metadata/v1/sft/<principal>/<token_id>` answers 200, 404 or 302 by token id
 *   (any other path or principal: a 404 whose body is not the documented one);
 * - `hang`: accepts every request and never answers (the timeout check);
 * - `elsewhere`: where the API's 302 points. Requests reaching it are counted per run: a client that
 *   refuses redirects leaves its count at zero.
 * Each run uses its own path prefix (`/<run>`), so concurrent runtimes are told apart. Every answer
 * carries CORS headers, for the Chromium page served from another port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const SFT_PATH = /^\/([\w-]+)\/metadata\/v1\/sft\/([^/]+)\/(\d+)$/;
const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "*" };

export interface RuntimeServers {
  /** Base URL of the API for one run (its path prefix included). */
  apiUrl(run: string): string;
  /** Base URL of the server that never answers. */
  hangUrl: string;
  /** Requests the redirect target got for one run. */
  landed(run: string): number;
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...CORS, ...headers });
  response.end(JSON.stringify(body));
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Starts the three servers; `principal`, `metadata` (the 200 body) and `tokens` are those of runtime-data.ts. */
export async function startRuntimeServers(
  principal: string,
  metadata: unknown,
  tokens: { ok: number; notFound: number; redirect: number },
): Promise<RuntimeServers> {
  const landings = new Map<string, number>();
  const elsewhere = await listen((request, response) => {
    const run = (request.url ?? "/").split("/")[1] ?? "";
    landings.set(run, (landings.get(run) ?? 0) + 1);
    // Answer like the real thing, so a client that follows the redirect sees a "success".
    json(response, 200, metadata);
  });
  const api = await listen((request, response) => {
    if (request.method === "OPTIONS") return json(response, 204, null);
    const match = SFT_PATH.exec(request.url?.split("?")[0] ?? "");
    const token = Number(match?.[3]);
    if (!match || decodeURIComponent(match[2] ?? "") !== principal)
      return json(response, 404, { error: "Not found" });
    if (token === tokens.ok) return json(response, 200, metadata);
    if (token === tokens.notFound) return json(response, 404, { error: "Token not found" });
    if (token === tokens.redirect) {
      return json(response, 302, { moved: true }, { location: `${urlOf(elsewhere)}/${match[1]}/landed` });
    }
    json(response, 404, { error: "Token not found" });
  });
  const hang = await listen(() => {});
  const servers = [api, hang, elsewhere];
  return {
    apiUrl: (run) => `${urlOf(api)}/${run}`,
    hangUrl: urlOf(hang),
    landed: (run) => landings.get(run) ?? 0,
    close: async () => {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
