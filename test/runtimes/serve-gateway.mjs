// Bun and Deno (`<runtime> serve-gateway.mjs '<config JSON>'`): the gateway's handler on the runtime's own
// server (Bun.serve, Deno.serve) on 127.0.0.1, a free port, printed as {"port":N}; the runner probes it
// and kills the process. The handler reads the caller from what the host passes beside the request.
import { createLookupHandler } from "hiro-lookup/server";
import { KEYLESS_PATH, refusalsGateway } from "./refusals-gateway.mjs";

const config = JSON.parse(globalThis.Deno ? globalThis.Deno.args[0] : process.argv[2]);
const gateway = refusalsGateway(createLookupHandler, config.baseUrl);

/** The fixture's own count first, else the gateway, called as the host calls a fetch handler. */
function fetchOf(request, ...rest) {
  if (new URL(request.url).pathname === KEYLESS_PATH) return Response.json({ keyless: gateway.keyless() });
  return gateway.handler(request, ...rest);
}

if (globalThis.Bun) {
  const server = globalThis.Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: fetchOf });
  console.log(JSON.stringify({ port: server.port }));
} else if (globalThis.Deno) {
  globalThis.Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log(JSON.stringify({ port })) },
    fetchOf,
  );
} else {
  throw new Error("serve-gateway.mjs runs on Bun or Deno");
}
