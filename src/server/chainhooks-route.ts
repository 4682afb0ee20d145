/**
 * `POST /hooks/chainhooks`: Chainhooks' webhook, on only with a consumer secret. A delivery carries
 * `Authorization: Bearer <secret>` (Hiro's rule); one without it gets 401, a body that is too large or
 * is no Chainhooks payload 400, and neither changes anything. A delivery's SIP-019 notices mark their
 * tokens stale in every instance (purges.ts); the answer says how many it took.
 */
import { HiroValidationError } from "../index.js";
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import { errorBody, type GatewayAnswer, ownAnswer } from "./answers.js";
import { noticesOf } from "./chainhooks-notices.js";
import type { Purges } from "./purges.js";

/** The webhook's path (under the gateway's basePath). */
export const CHAINHOOKS_PATH = "/hooks/chainhooks";

/** A delivery as the gateway reads it. */
export interface HookDelivery {
  authorization?: string | null | undefined;
  /** The body's text; undefined when it was larger than the gateway reads. */
  body?: string | undefined;
}

/** Whether `a` and `b` are equal, in a time that does not tell where they differ. */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let differ = left.length ^ right.length;
  for (let i = 0; i < left.length; i++) differ |= (left[i] ?? 0) ^ (right[i % right.length] ?? 0);
  return differ === 0;
}

/**
 * A request body's text, or undefined past `maxBytes` (read no further). For the web handler; the Node
 * adapter reads its own.
 */
export async function boundedText(request: Request, maxBytes: number): Promise<string | undefined> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The webhook's answers for a gateway whose consumer secret is `secret`. Throws
 * {@link HiroValidationError} on an empty secret or one with a character a header cannot carry.
 */
export function createChainhooksRoute(secret: string, purges: Purges) {
  if (!/^[\x21-\x7e]{16,1000}$/.test(secret))
    throw new HiroValidationError(
      "chainhooksSecret",
      "must be 16 to 1000 printable ASCII characters, no spaces (Chainhooks' consumer secret)",
    );
  const expected = `Bearer ${secret}`;
  return async (delivery: HookDelivery): Promise<GatewayAnswer> => {
    if (!sameText(delivery.authorization ?? "", expected))
      return ownAnswer(
        401,
        errorBody(401, "Unauthorized", "a Chainhooks delivery carries its consumer secret"),
        {
          "www-authenticate": "Bearer",
        },
      );
    if (delivery.body === undefined || delivery.body.length > GATEWAY_DEFAULTS.maxHookBytes)
      return ownAnswer(
        400,
        errorBody(400, "Bad Request", `the body is larger than ${GATEWAY_DEFAULTS.maxHookBytes} bytes`),
      );
    const read = noticesOf(delivery.body);
    if ("refused" in read) return ownAnswer(400, errorBody(400, "Bad Request", read.refused));
    try {
      if (read.notices.length > 0) await purges.mark(read.notices);
    } catch {
      // Marked here, not shared: Chainhooks delivers again, and a purge is safe to repeat.
      return ownAnswer(503, errorBody(503, "Service Unavailable", "the shared store failed: deliver again"));
    }
    return ownAnswer(200, { notices: read.notices.length });
  };
}
