// Cloudflare workerd: bundled with esbuild; each request runs the checks with the `config` query
// parameter and answers their results as JSON.
import { createLookupClient, HiroApiError, HiroTimeoutError } from "hiro-lookup";
import { runChecks } from "./checks.mjs";

export default {
  async fetch(request) {
    const config = JSON.parse(new URL(request.url).searchParams.get("config"));
    const results = await runChecks({ createLookupClient, HiroApiError, HiroTimeoutError }, config);
    return Response.json({ results });
  },
};
