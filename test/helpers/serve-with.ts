/** A node:http server on 127.0.0.1 (a free port) that answers each request with a Response of the test's. */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface SmallServer {
  url: string;
  /** The path and query of each request, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `answer(path + query, request)` for every request. */
export async function serveWith(
  answer: (path: string, request: IncomingMessage) => Promise<Response> | Response,
): Promise<SmallServer> {
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    requests.push(req.url ?? "/");
    const response = await answer(req.url ?? "/", req);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Forwards every request to `target` (same path and headers), passing the answer through `edit`. */
export function proxyTo(
  target: string,
  edit: (response: Response) => Response | Promise<Response> = (r) => r,
) {
  return serveWith(async (path, req) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    headers.delete("host");
    return edit(await fetch(`${target}${path}`, { headers }));
  });
}
