/**
 * The client names its options and parameters (`timeoutMs`, `token_id`, `contract[1]`, `baseUrl.ordinals`);
 * the user typed flags and arguments (`--timeout`, `<token_id>`, the search's second id, `--ordinals-url`
 * or whichever flag or variable gave that URL). This is the one map between them. A validation error is
 * retold from its fields (`parameter`, `reason`), never by cutting its message: named as the user typed
 * it, and an integer rule said from the error's `rule` in the command line's words: what a command line
 * can give (decimal digits), not what a JS caller can pass, and a page maximum named by its flag.
 */
import { HiroValidationError, type IntegerRule, type ServiceName } from "../index.js";
import { SERVICE_NAMES } from "../spec-entry.js";
import { maxLimitFlag, PAGED_SERVICES } from "./service-flags.js";
import { type ServiceUrls, unsetServiceReason } from "./service-urls.js";

const FLAG_OF: Readonly<Record<string, string>> = {
  timeoutMs: "--timeout",
  maxRetries: "--retries",
  logLevel: "HIRO_LOG",
  headers: "-H/--header",
  apiKey: "--api-key",
  limit: "--limit",
  pageSize: "--limit",
  maxLimit: PAGED_SERVICES.map(maxLimitFlag).join(" / "),
  ...Object.fromEntries(PAGED_SERVICES.map((service) => [`maxLimit.${service}`, maxLimitFlag(service)])),
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

/** What a command line gives for an integer: text. */
const CLI_INTEGER_FORMS = "(decimal digits)";

/** The client's `baseUrl` parameters: `baseUrl` (every service) and `baseUrl.<service>`, by service. */
const BASE_URL_OF = new Map<string, ServiceName | undefined>([
  ["baseUrl", undefined],
  ...SERVICE_NAMES.map((service): [string, ServiceName] => [`baseUrl.${service}`, service]),
]);

/** Whether the client's `parameter` is one of its service URLs (`baseUrl`, `baseUrl.runes`, …). */
export const isServiceUrlParameter = (parameter: string) => BASE_URL_OF.has(parameter);

/**
 * The flag, argument or variable the user typed for the client's `parameter`; undefined when it is none.
 * A service URL is named by where it came from (`urls`), else `--base-url`.
 */
export function cliNameOf(parameter: string, urls: ServiceUrls = {}): string | undefined {
  if (Object.hasOwn(FLAG_OF, parameter)) return FLAG_OF[parameter];
  if (ARGUMENTS.has(parameter)) return `<${parameter}>`;
  if (BASE_URL_OF.has(parameter)) {
    const service = BASE_URL_OF.get(parameter);
    const source = service ? urls[service] : SERVICE_NAMES.map((s) => urls[s]).find((u) => u !== undefined);
    return source?.from ?? "--base-url";
  }
  const id = /^contract\[(\d+)\]$/.exec(parameter); // search: the n-th id given
  return id ? `<id> #${Number(id[1]) + 1}` : undefined;
}

/** A broken integer rule in the command line's words: its maximum's flag, its value's form (decimal digits). */
function cliIntegerReason(rule: IntegerRule, urls: ServiceUrls): string {
  const flag = rule.maximumFrom === undefined ? undefined : cliNameOf(rule.maximumFrom, urls);
  const whose = flag === undefined ? "" : ` (${flag})`;
  return `must be ${rule.allowed}${whose}${rule.jsForms ? ` ${CLI_INTEGER_FORMS}` : ""}; got ${rule.given}`;
}

/**
 * `error` retold in the CLI's words, from its fields: its parameter as the user typed it (`name`, else
 * {@link cliNameOf}), an integer rule from its `rule`, and a paged service with no usable URL told which
 * flag or variable sets it. Any other error is returned as is.
 */
export function inCliWords(error: unknown, urls: ServiceUrls = {}, name?: string): unknown {
  if (!(error instanceof HiroValidationError)) return error;
  const service = BASE_URL_OF.get(error.parameter);
  const unset = service && unsetServiceReason(service, urls);
  if (service && unset) return new HiroValidationError(unset.flag, unset.reason, { cause: error });
  name ??= cliNameOf(error.parameter, urls);
  if (!name) return error;
  const reason = error.rule ? cliIntegerReason(error.rule, urls) : error.reason;
  return new HiroValidationError(name, reason, { cause: error, rule: error.rule });
}
