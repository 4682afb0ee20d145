import type { LookupClient } from "../../src/index.js";
import { createTestClient } from "./test-client.js";

/**
 * A client on the Prism mock at `baseUrl` whose fetch records the `sl-violations` header Prism adds to
 * the requests it finds invalid (`null` for a valid one), in order. No retries.
 */
export function recordingClient(baseUrl: string): {
  client: LookupClient;
  violations: Array<string | null>;
} {
  const violations: Array<string | null> = [];
  const { client } = createTestClient(
    async (request) => {
      const response = await fetch(request);
      violations.push(response.headers.get("sl-violations"));
      return response;
    },
    { baseUrl, maxRetries: 0 },
  );
  return { client, violations };
}
