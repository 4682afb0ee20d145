/**
 * One request of `hiro-lookup verify`, sent through a client's `raw` openapi-fetch client (so it gets the
 * pipeline's retries, `Retry-After`, timeouts and size cap, but none of the lookups' input checks), and
 * the answer kept as plain data for the checks to judge.
 */
import { printable } from "../../errors/safe-text.js";

/** What openapi-fetch resolves with (`parseAs: "text"`). */
export interface RawAnswer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** One answer, as the checks see it. */
export interface Exchange {
  /** HTTP status; 0 when no answer came back. */
  status: number;
  headers: Headers;
  /** The body: parsed JSON, the raw text when it is not JSON, `undefined` when empty. */
  body: unknown;
  /** Why no answer came back (network error, timeout), when none did. */
  failure?: string | undefined;
  /** Whether the answer carries Prism's `sl-violations` header (it reports an invalid request). */
  prismViolations: boolean;
}

function parsed(text: unknown): unknown {
  if (typeof text !== "string") return text;
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends one request with `send` and records the answer; a request that got no answer is a `failure`. */
export async function exchange(send: () => Promise<RawAnswer>): Promise<Exchange> {
  try {
    const { data, error, response } = await send();
    return {
      status: response.status,
      headers: response.headers,
      body: parsed(response.ok ? data : error),
      prismViolations: response.headers.has("sl-violations"),
    };
  } catch (error) {
    const failure = printable(error instanceof Error ? error.message : String(error), 120);
    return { status: 0, headers: new Headers(), body: undefined, failure, prismViolations: false };
  }
}

/** A short, printable account of an answer: `404 {"error":"Token not found"}`, or the failure. */
export function describe(answer: Exchange, max = 90): string {
  if (answer.failure !== undefined) return `no answer: ${answer.failure}`;
  if (answer.body === undefined) return `${answer.status}, no body`;
  const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
  return `${answer.status} ${printable(text, max)}`;
}
