import { createLookupClient, type LookupClient } from "../../src/index.js";

/**
 * A client on the Prism mock at `baseUrl` whose fetch records the `sl-violations` header Prism adds to
 * the requests it finds invalid (`null` for a valid one), in order. No retries.
 */
export function recordingClient(baseUrl: string): {
  client: LookupClient;
  violations: Array<string | null>;
} {
  const violations: Array<string | null> = [];
  const client = createLookupClient({
    baseUrl,
    maxRetries: 0,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      violations.push(response.headers.get("sl-violations"));
      return response;
    },
  });
  return { client, violations };
}
