// Cloudflare workerd: bundled with esbuild (the gateway's handler mounted inside it too); each request runs the checks with the `config` query
// parameter and answers their results as JSON.
import { createLookupClient, HiroApiError, HiroTimeoutError } from "hiro-lookup";
import { createLookupHandler } from "hiro-lookup/server";
import { runChecks } from "./checks.mjs";

export default {
  async fetch(request) {
    const config = JSON.parse(new URL(request.url).searchParams.get("config"));
    const results = await runChecks(
      { createLookupClient, HiroApiError, HiroTimeoutError, createLookupHandler },
      config,
    );
    return Response.json({ results });
  },
};
