/**
 * The client names its options and parameters (`timeoutMs`, `token_id`, `contract[1]`); the user typed
 * flags and arguments (`--timeout`, `<token_id>`, the search's second id). Validation errors are retold
 * in those words, so the message names what the user can change, and says what a command line can give
 * (decimal digits), not what a JS caller can pass.
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

/** The lookups' positional arguments, as their usage lines show them. */
const ARGUMENTS = new Set(["principal", "token_id", "ordinal", "tx_id"]);

/** What the library tells a JS caller an integer may be; a command line only gives text. */
const JS_INTEGER_FORMS = "(a safe integer, a bigint or a decimal string)";

/** The flag or argument the user typed for the client's `parameter`; undefined when it is not one. */
function typedName(parameter: string): string | undefined {
  const flag = FLAG_OF[parameter];
  if (flag) return flag;
  if (ARGUMENTS.has(parameter)) return `<${parameter}>`;
  const id = /^contract\[(\d+)\]$/.exec(parameter); // search: the n-th id given
  return id ? `<id> #${Number(id[1]) + 1}` : undefined;
}

/**
 * `error` retold in the CLI's words: its parameter as the user typed it (`name`, else the flag or
 * argument the client's parameter comes from), integers as decimal digits.
 */
export function withFlagName(error: unknown, name?: string): unknown {
  if (!(error instanceof HiroValidationError)) return error;
  name ??= typedName(error.parameter);
  if (!name) return error;
  const detail = error.message
    .slice(error.parameter.length + 2)
    .replace(JS_INTEGER_FORMS, "(decimal digits)");
  return new HiroValidationError(name, detail, { cause: error });
}
