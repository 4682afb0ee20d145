/** Types of checks.mjs, for scripts/test-runtimes.ts. */
export declare const PRINCIPAL: string;
export declare const TOKENS: { ok: number; notFound: number; redirect: number };
export declare const METADATA: unknown;
export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
  ms: number;
}
export declare function runChecks(
  lib: {
    createLookupClient: unknown;
    HiroApiError: unknown;
    HiroTimeoutError: unknown;
    createLookupQueries?: unknown;
  },
  config: { baseUrl: string; hangUrl: string },
): Promise<CheckResult[]>;
