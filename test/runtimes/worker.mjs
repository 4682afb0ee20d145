// Cloudflare workerd: bundled with esbuild (the gateway's handler mounted inside it too); each request runs the checks with the `config` query
// parameter and answers their results as JSON. Under /gateway, the gateway itself, as a Worker mounts it
// (the `refusals` check probes it from outside): its upstream named by the runner's x-upstream header,
// the caller by cf-connecting-ip (as Cloudflare's edge sets it), called as fetch(request, env, ctx).
import { createLookupClient, HiroApiError, HiroTimeoutError } from "hiro-lookup";
import { createLookupHandler } from "hiro-lookup/server";
import { runChecks } from "./checks.mjs";
import { KEYLESS_PATH, refusalsGateway } from "./refusals-gateway.mjs";

let gateway;

export default {
  async fetch(request, env, ctx) {
    if (new URL(request.url).pathname.startsWith("/gateway/")) {
      gateway ??= refusalsGateway(createLookupHandler, request.headers.get("x-upstream"), {
        basePath: "/gateway",
        callerKey: (given) => given.headers.get("cf-connecting-ip"),
      });
      if (new URL(request.url).pathname === `/gateway${KEYLESS_PATH}`)
        return Response.json({ keyless: gateway.keyless() });
      return gateway.handler(request, env, ctx);
    }
    const config = JSON.parse(new URL(request.url).searchParams.get("config"));
    const results = await runChecks(
      { createLookupClient, HiroApiError, HiroTimeoutError, createLookupHandler },
      config,
    );
    return Response.json({ results });
  },
};
