/**
 * Where the CLI sends each service, and whether it sends an API key: one rule for the lookups and for
 * `verify`. Per service, the first that is set wins:
 *
 *   --<service>-url  >  --base-url  >  (verify's --config field)  >  HIRO_<SERVICE>_URL  >  HIRO_BASE_URL
 *
 * Flags beat the environment; within each, the per-service value beats the one for all services.
 */
import { DEFAULT_BASE_URL, type LookupClientOptions, type ServiceName } from "../index.js";
import { checkBaseUrl, isHiroHost, RETIRED_APIS, RETIRED_ON, SERVICE_NAMES } from "../spec-entry.js";
import { type UrlFlags, urlAttribute, urlFlag, urlVariable } from "./service-flags.js";

/** A service's URL and the flag, config field or environment variable it came from. */
export interface ServiceUrl {
  url: string;
  from: string;
}

/** The URL of each service that was named somewhere; a missing one was named nowhere. */
export type ServiceUrls = Partial<Record<ServiceName, ServiceUrl>>;

type Env = Record<string, string | undefined>;

/**
 * A service URL as the client takes it (the library's `checkBaseUrl`): absolute http(s), no credentials,
 * query or fragment; returned without trailing slashes. A refusal names `from`, the flag or variable it
 * came from, tells to pass a key with --api-key, and never echoes what could be a password.
 */
export const checkUrl = (from: string, value: string): string => checkBaseUrl(from, value, "--api-key");

/**
 * What the user named for each service (no defaults: `verify` must not check a service nobody named).
 * A bad URL is a {@link HiroValidationError} naming the flag or variable it came from.
 */
export function serviceUrls(flags: UrlFlags, env: Env, config: UrlFlags = {}): ServiceUrls {
  const urls: ServiceUrls = {};
  for (const service of SERVICE_NAMES) {
    const candidates: [string | undefined, string][] = [
      [flags[urlAttribute(service)], urlFlag(service)],
      [flags.baseUrl, "--base-url"],
      [config[urlAttribute(service)], `${urlAttribute(service)} in --config`],
      // An empty environment variable is an unset one (`HIRO_BASE_URL= hiro-lookup …`).
      [env[urlVariable(service)] || undefined, urlVariable(service)],
      [env.HIRO_BASE_URL || undefined, "HIRO_BASE_URL"],
    ];
    const found = candidates.find(([url]) => url !== undefined);
    if (found?.[0] !== undefined) urls[service] = { url: checkUrl(found[1], found[0]), from: found[1] };
  }
  return urls;
}

/** Where the services' URLs came from when one value named all of them: one deployment. */
const ALL_SERVICES_SOURCES: ReadonlySet<string> = new Set(["--base-url", "HIRO_BASE_URL"]);

/** The client's `baseUrl` and `apiKeyServices`, as the CLI passes them. */
export type ClientRouting = Pick<LookupClientOptions, "baseUrl" | "apiKeyServices">;

/**
 * The client's routing for what was named: each named service's URL (`baseUrl` as an object), and the
 * services the key goes to, said explicitly: all of them when one all-services value (`--base-url` or
 * `HIRO_BASE_URL`) named every service (one deployment), else the metadata service alone (a Hiro key
 * means nothing to an indexer). Nothing named: the client's defaults.
 */
export function clientRouting(urls: ServiceUrls): ClientRouting {
  const baseUrl: Partial<Record<ServiceName, string>> = {};
  for (const service of SERVICE_NAMES) {
    const url = urls[service]?.url;
    if (url !== undefined) baseUrl[service] = url;
  }
  if (Object.keys(baseUrl).length === 0) return {};
  const sources = new Set(SERVICE_NAMES.map((service) => urls[service]?.from));
  const [source] = sources;
  const oneDeployment = sources.size === 1 && source !== undefined && ALL_SERVICES_SOURCES.has(source);
  return { baseUrl, apiKeyServices: oneDeployment ? [...SERVICE_NAMES] : ["metadata"] };
}

/** The key to use, and a note for stderr when the environment's key is held back. */
export interface KeyDecision {
  apiKey: string | undefined;
  note?: string;
}

/**
 * `--api-key` is always used (the client sends it where its rule says). `HIRO_API_KEY` from the
 * environment only when the metadata service is on a `*.hiro.so` host over https: an environment secret
 * must not follow a `--base-url` to a third party, nor cross the network in clear text. `metadataUrl` undefined: the metadata service is not used.
 */
export function apiKeyFor(flag: string | undefined, env: Env, metadataUrl: string | undefined): KeyDecision {
  if (flag) return { apiKey: flag };
  const envKey = env.HIRO_API_KEY;
  if (!envKey || metadataUrl === undefined) return { apiKey: undefined };
  const hiro = isHiroHost(metadataUrl);
  // Never in clear text: over http, anyone on the path reads the key, even on the way to Hiro's host.
  if (hiro && metadataUrl.startsWith("https:")) return { apiKey: envKey };
  let host = "a host that is not *.hiro.so";
  try {
    host = hiro
      ? `${new URL(metadataUrl).host} over http (clear text; use https)`
      : `${new URL(metadataUrl).host} (not a *.hiro.so host)`;
  } catch {}
  return {
    apiKey: undefined,
    note: `HIRO_API_KEY from the environment is not sent to ${host}; pass --api-key to send a key there`,
  };
}

/** The metadata URL the lookups use: the one named, or the client's default (Hiro's hosted API). */
export const lookupMetadataUrl = (urls: ServiceUrls) => urls.metadata?.url ?? DEFAULT_BASE_URL;

/**
 * Why `service` has no URL the lookups can use, in the CLI's words, when that is why the client refused
 * it: ordinals or runes named nowhere, or only on Hiro's host, which no longer serves them (the client
 * refuses both alike). `flag` is the one that sets it. Undefined for any other refusal of its URL.
 */
export function unsetServiceReason(
  service: ServiceName,
  urls: ServiceUrls,
): { flag: string; reason: string } | undefined {
  const source = urls[service];
  const api = Object.entries(RETIRED_APIS).find(([retired]) => retired === service)?.[1];
  if (api === undefined || (source && !isHiroHost(source.url))) return undefined;
  const retired = `Hiro retired its hosted ${api} API on ${RETIRED_ON}: point it at your bitcoin-indexer's api/${service}`;
  const unset = source
    ? `not set (${source.from} is Hiro's host, which no longer serves ${service})`
    : "not set";
  return {
    flag: urlFlag(service),
    reason: `${unset}: pass ${urlFlag(service)} (or --base-url) or set ${urlVariable(service)}. ${retired}. Nothing was sent.`,
  };
}
