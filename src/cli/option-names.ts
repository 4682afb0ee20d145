/**
 * The client names its options (`timeoutMs`, `limit`); the user typed flags (`--timeout`, `--limit`).
 * Validation errors are retold with the flag, so the message names what the user can change.
 */
import { HiroValidationError } from "../index.js";

const FLAG_OF: Record<string, string> = {
  timeoutMs: "--timeout",
  maxRetries: "--retries",
  logLevel: "HIRO_LOG",
  headers: "-H/--header",
  apiKey: "--api-key",
  limit: "--limit",
  pageSize: "--limit",
  maxLimit: "--ordinals-max-limit / --runes-max-limit",
  "maxLimit.ordinals": "--ordinals-max-limit",
  "maxLimit.runes": "--runes-max-limit",
  offset: "--offset",
  locale: "--locale",
  maxItems: "--max",
  deadlineMs: "--wait-timeout",
  concurrency: "--concurrency",
  // ft-list's filters and order
  name: "--name",
  symbol: "--symbol",
  address: "--address",
  valid_metadata_only: "--valid-only",
  order_by: "--order-by",
  order: "--order",
};

/** `error` with its parameter renamed to the CLI flag when it is one of the client's option names. */
export function withFlagName(error: unknown): unknown {
  if (!(error instanceof HiroValidationError)) return error;
  const flag = FLAG_OF[error.parameter];
  if (!flag) return error;
  const detail = error.message.slice(error.parameter.length + 2);
  return new HiroValidationError(flag, detail, { cause: error });
}
