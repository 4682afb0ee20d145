/**
 * What both sides of `npm run test:runtimes` agree on: the local servers (runtime-servers.ts) answer
 * these, and the checks every runtime runs (test/runtimes/checks.mjs) get them in their config and ask
 * for them, so the data lives here once. The checks return {@link CheckResult}s.
 */

/** The principal and token of the successful lookup; the servers answer by `token_id`. */
export const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
/** The token ids the servers answer with a 200, a 404 and a redirect to another origin. */
export const TOKENS = { ok: 35, notFound: 36, redirect: 37 } as const;
/** The 200 body of token `TOKENS.ok`. */
export const METADATA = {
  decimals: 6,
  total_supply: "100",
  token_uri: "ipfs://x",
  metadata: { sip: 16, name: "n" },
};

/** What a runtime's run of the checks is given (as JSON): where the servers are, and the data above. */
export interface RuntimeConfig {
  /** The API server, with this run's path prefix. */
  baseUrl: string;
  /** A server that never answers. */
  hangUrl: string;
  principal: string;
  tokens: typeof TOKENS;
  metadata: typeof METADATA;
}

/** One check's result, as checks.mjs returns it. */
export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
  ms: number;
}
