/**
 * The `baseUrl` option, checked: each service's base URL, or none. Shared by the client's routes
 * (service-routes.ts) and the msw kit, which answers on the URLs the client would call.
 */
import { HiroValidationError } from "../errors/errors.js";
import { type BaseUrlOption, DEFAULT_BASE_URL, isHiroHost } from "../spec/service-hosts.js";
import type { ServiceName } from "../spec/services.js";
import { checkBaseUrl } from "./url-and-key-checks.js";

/** Each service's checked base URL: the metadata service's always (Hiro's by default), the others' when given. */
export interface ServiceBaseUrls {
  readonly metadata: string;
  readonly ordinals: string | undefined;
  readonly runes: string | undefined;
}

/** Whether `baseUrl` is one URL for every service (or none: the default), not one per service. */
export const isSingleBaseUrl = (baseUrl: BaseUrlOption | undefined): baseUrl is string | undefined =>
  baseUrl === undefined || typeof baseUrl === "string";

/** Refuses a `baseUrl` that is neither a string nor an object, before anything else is checked. */
export function checkBaseUrlShape(baseUrl: unknown): void {
  if (!isSingleBaseUrl(baseUrl as BaseUrlOption) && (typeof baseUrl !== "object" || baseUrl === null)) {
    throw new HiroValidationError("baseUrl", "must be a URL string or { metadata?, ordinals?, runes? }");
  }
}

/**
 * The base URL of each service for `baseUrl`: one string serves all three (default Hiro's host, for
 * metadata); ordinals and runes on Hiro's own host are left unset, as that host no longer serves them.
 */
export function serviceBaseUrls(baseUrl: BaseUrlOption | undefined): ServiceBaseUrls {
  checkBaseUrlShape(baseUrl);
  const single = isSingleBaseUrl(baseUrl);
  const given = single ? undefined : baseUrl;
  const all = single ? (baseUrl ?? DEFAULT_BASE_URL) : undefined;
  const checked = (name: ServiceName, value: string) =>
    checkBaseUrl(single ? "baseUrl" : `baseUrl.${name}`, value);
  // An indexer's service is never on Hiro's own host, which no longer serves it: left unset there.
  const indexed = (name: "ordinals" | "runes", value: string | undefined) => {
    const url = value === undefined ? undefined : checked(name, value);
    return url === undefined || isHiroHost(url) ? undefined : url;
  };
  return {
    metadata: checked("metadata", all ?? given?.metadata ?? DEFAULT_BASE_URL),
    ordinals: indexed("ordinals", all ?? given?.ordinals),
    runes: indexed("runes", all ?? given?.runes),
  };
}
