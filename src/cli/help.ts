/**
 * The CLI's help: the text after the top-level options, and which global options each command's help
 * lists (those it reads, declared where the command is made with `readsGlobals`).
 */
import type { Command, Option } from "commander";
import type { ServiceName } from "../index.js";
import { RETIRED_APIS, RETIRED_ON, SERVICE_NAMES } from "../spec-entry.js";
import { maxLimitAttribute, PAGED_SERVICES, urlAttribute } from "./service-flags.js";

/** The text `hiro-lookup --help` prints after the options: where requests go, examples, output, exit codes. */
export const HELP_AFTER_OPTIONS = `
Where requests go, per service (the first that is set wins):
  --metadata-url / --ordinals-url / --runes-url, then --base-url (all three services),
  then HIRO_METADATA_URL / HIRO_ORDINALS_URL / HIRO_RUNES_URL, then HIRO_BASE_URL.
  Token metadata defaults to https://api.hiro.so. Ordinals and runes have no default: Hiro retired
  its hosted ${Object.values(RETIRED_APIS).join(" and ")} APIs on ${RETIRED_ON}, so point them at your bitcoin-indexer.
API key: --api-key goes to the --base-url origin, or with per-service URLs to the metadata service
  only; HIRO_API_KEY from the environment is used only when the metadata service is on *.hiro.so
  over https.
Page size: --limit (with --all, the page size) goes up to 60, the spec's maximum, unless your
  deployment sets another (bitcoin-indexer's API_RESULTS_MAX_LIMIT): say so with --runes-max-limit
  (or --ordinals-max-limit); hiro-lookup verify finds it.

Examples:
  $ hiro-lookup --mock sft SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1 35
  $ HIRO_API_KEY=... hiro-lookup sft SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1 35 --locale es-MX
  $ hiro-lookup ft SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex
  $ hiro-lookup ft-list --symbol alex
  $ hiro-lookup status
  # Ordinals and Runes: your bitcoin-indexer's two servers (api/ordinals and api/runes)
  $ hiro-lookup --ordinals-url http://127.0.0.1:3000 sat-inscriptions 1252201400444387 --limit 5
  $ hiro-lookup --runes-url http://127.0.0.1:3001 tx-activity 2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e --all --max 500
  $ export HIRO_ORDINALS_URL=http://127.0.0.1:3000 HIRO_RUNES_URL=http://127.0.0.1:3001

Output: one JSON value (explain: text on a terminal, JSON in a pipe or with --json); --ndjson prints a page's results one per line (a token: one line). --all streams NDJSON (each item
  as it arrives); --json --all prints one JSON array instead ([] when empty), left unclosed if a page
  fails midway (the exit code then says why). --json and --ndjson do not go together.
Seeing what happens: --verbose (or HIRO_LOG=debug) logs each attempt, answer, retry, pacer hold
  and lookup outcome to stderr, one line each (HIRO_LOG=info: outcomes; warn: retries and long
  holds too; error: failures only); stdout stays the data. On a terminal, a retry's
  wait says so on one line, and search and --all count their progress.
--mock answers from the mock of the package's openapi.yaml, in this process (nothing to install),
  with rate-limit headers (3000 requests a minute; --rate-limit 50 is Hiro's without a key,
  --rate-limit 5 shows a 429): try --verbose.

Exit codes: 0 ok, 2 usage or invalid input (nothing sent), 3 not found, 4 rate limited,
  5 other API error (sft --wait: still pending at --wait-timeout), 6 network or timeout,
  7 verify: a check FAILed, 8/10/11 explain: the verdict is problem/pending/unchecked,
  9 --all: the list ended short of the service's total (ties in its order; what came is printed).`;

/** The program's options a command reads (by commander's attribute name), the ones its help lists. */
const GLOBALS_READ = new WeakMap<Command, ReadonlySet<string>>();

/** How a request is made, whatever the service: what every lookup reads. */
const REQUEST = ["apiKey", "mock", "rateLimit", "timeout", "retries", "verbose", "header"] as const;
/** Where `service` is, and its page maximum when a deployment sets one. */
const serviceGlobals = (service: ServiceName): string[] => [
  "baseUrl",
  urlAttribute(service),
  ...PAGED_SERVICES.filter((paged) => paged === service).map(maxLimitAttribute),
];

/** The global options of a lookup of `service` that prints with `output` (both formats by default). */
export function lookupGlobals(
  service: ServiceName,
  output: readonly string[] = ["json", "ndjson"],
): string[] {
  return [...serviceGlobals(service), ...REQUEST, ...output];
}

/** The global options `verify` reads: every service's URL and page maximum, the request options, --json. */
export const VERIFY_GLOBALS = [
  ...new Set(SERVICE_NAMES.flatMap(serviceGlobals)),
  "apiKey",
  "mock",
  "rateLimit",
  "timeout",
  "retries",
  "json",
];

/** Declares which of the program's options `command` reads: its help lists those, and no other. */
export function readsGlobals(command: Command, names: readonly string[]): Command {
  GLOBALS_READ.set(command, new Set(names));
  return command;
}

/** commander's `visibleGlobalOptions`, per command: the global options it declared with {@link readsGlobals}. */
export function globalOptionsShown(command: Command): Option[] {
  const reads = GLOBALS_READ.get(command);
  const parent = command.parent;
  if (!parent || !reads) return [];
  return parent.options.filter((option) => !option.hidden && reads.has(option.attributeName()));
}
