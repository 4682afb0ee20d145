/**
 * The per-service flags, made from the spec's services (`SERVICE_NAMES`), never listed by hand: each
 * service's URL flag (`--ordinals-url`, commander's `ordinalsUrl`, variable `HIRO_ORDINALS_URL`) and, for
 * each service whose page maximum a deployment sets (the client's `maxLimit`), its page-maximum flag
 * (`--runes-max-limit`). A service added to the spec gets its flags here; the compiler asks for their help.
 *
 * A page maximum goes to the client's `maxLimit`: bitcoin-indexer's `API_RESULTS_MAX_LIMIT` sets the
 * largest `limit` of the runes activity route (default 60, the spec's); the client then allows `limit` up
 * to it and `--all` pages by it. `verify` finds the deployment's own and compares.
 */
import type { Command } from "commander";
import { DEFAULT_BASE_URL, type MaxLimitOption, type ServiceName } from "../index.js";
import { SERVICE_NAMES } from "../spec-entry.js";
import { integer } from "./arguments.js";

/** A service whose page maximum the client takes in `maxLimit` (bitcoin-indexer's). */
export type PagedService = keyof MaxLimitOption & ServiceName;

/** The URL flags, as commander names them: `--base-url` (every service) and one per service. */
export type UrlFlags = { baseUrl?: string | undefined } & {
  [S in ServiceName as `${S}Url`]?: string | undefined;
};

/** The page-maximum flags, as commander names them. */
export type MaxLimitFlags = { [S in PagedService as `${S}MaxLimit`]?: number | undefined };

/** `--ordinals-url`: the URL flag of `service`. */
export const urlFlag = (service: ServiceName) => `--${service}-url`;
/** `ordinalsUrl`: commander's name of {@link urlFlag}, and the field of verify's `--config`. */
export const urlAttribute = (service: ServiceName) => `${service}Url` as const;
/** `HIRO_ORDINALS_URL`: the variable that gives `service`'s URL. */
export const urlVariable = (service: ServiceName) => `HIRO_${service.toUpperCase()}_URL`;
/** `--runes-max-limit`: the page-maximum flag of `service`. */
export const maxLimitFlag = (service: PagedService) => `--${service}-max-limit`;
/** `runesMaxLimit`: commander's name of {@link maxLimitFlag}. */
export const maxLimitAttribute = (service: PagedService) => `${service}MaxLimit` as const;

/** What each URL flag's help says. */
const URL_HELP: Record<ServiceName, string> = {
  metadata: `Token Metadata API base URL (env ${urlVariable("metadata")}; lookups default to ${DEFAULT_BASE_URL})`,
  ordinals: `Ordinals API base URL: a bitcoin-indexer's api/ordinals (env ${urlVariable("ordinals")})`,
  runes: `Runes API base URL: a bitcoin-indexer's api/runes (env ${urlVariable("runes")})`,
};

/** What each page-maximum flag's help says. */
const MAX_LIMIT_HELP: Record<PagedService, string> = {
  ordinals: "the ordinals deployment's largest page (limit), if not the spec's 60",
  runes: "the runes deployment's largest page (limit; bitcoin-indexer's API_RESULTS_MAX_LIMIT), if not 60",
};

/** The services with a page-maximum flag, in the spec's order. */
export const PAGED_SERVICES: readonly PagedService[] = SERVICE_NAMES.filter(
  (service): service is PagedService => Object.hasOwn(MAX_LIMIT_HELP, service),
);

/** Adds each service's URL flag to `command`, in the spec's order. */
export function serviceUrlOptions(command: Command): Command {
  for (const service of SERVICE_NAMES) command.option(`${urlFlag(service)} <url>`, URL_HELP[service]);
  return command;
}

/** Adds each paged service's page-maximum flag to `command`. */
export function maxLimitOptions(command: Command): Command {
  for (const service of PAGED_SERVICES) {
    const flag = maxLimitFlag(service);
    command.option(`${flag} <n>`, MAX_LIMIT_HELP[service], integer(flag, 1));
  }
  return command;
}

/** The client's `maxLimit` option of the flags given; undefined when none is. */
export function maxLimitOf(flags: MaxLimitFlags): Partial<Record<PagedService, number>> | undefined {
  const maxLimit: Partial<Record<PagedService, number>> = {};
  for (const service of PAGED_SERVICES) {
    const max = flags[maxLimitAttribute(service)];
    if (max !== undefined) maxLimit[service] = max;
  }
  return Object.keys(maxLimit).length > 0 ? maxLimit : undefined;
}
