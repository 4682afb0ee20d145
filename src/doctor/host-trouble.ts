/**
 * What stands between the indexer and a host's content, read from the host's answer: a rate limit (429,
 * as IPFS gateways send when the indexer asks too often), or a bot challenge instead of the content
 * (Cloudflare marks its challenge pages with `cf-mitigated: challenge`; others send an HTML page that
 * loads a challenge script with a 403 or 503).
 */
import type { HostAnswer } from "./host-fetch.js";

/** A host's refusal, when its answer is one. */
export type Trouble =
  | { kind: "rate_limited"; retryAfter: string | null }
  | { kind: "challenge"; marker: string };

const CHALLENGE_TEXT = /challenge-platform|cf-chl-|Just a moment\.\.\.|captcha/i;

/** The refusal in `answer`, or undefined when it is none of these. */
export function troubleOf(answer: HostAnswer): Trouble | undefined {
  if (answer.status === 429) return { kind: "rate_limited", retryAfter: answer.headers.get("retry-after") };
  const mitigated = answer.headers.get("cf-mitigated");
  if (mitigated?.toLowerCase() === "challenge")
    return { kind: "challenge", marker: "cf-mitigated: challenge" };
  const type = answer.headers.get("content-type") ?? "";
  if ((answer.status === 403 || answer.status === 503) && type.includes("html") && answer.body) {
    const head = new TextDecoder().decode(answer.body.subarray(0, 16_384));
    const match = CHALLENGE_TEXT.exec(head);
    if (match) return { kind: "challenge", marker: `an HTML page with "${match[0]}"` };
  }
  return undefined;
}
