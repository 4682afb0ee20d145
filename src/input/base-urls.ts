/**
 * The `baseUrl` option, checked: each service's base URL, or none. Shared by the client's routes
 * (src/transport/routes.ts) and the msw kit, which answers on the URLs the client would call.
 */
import { HiroValidationError } from "../errors/errors.js";
import { type BaseUrlOption, DEFAULT_BASE_URL, isHiroHost } from "../spec/service-hosts.js";
import type { ServiceName } from "../spec/services.js";
import { checkBaseUrl } from "./url-and-key-checks.js";

/** Each service's checked base URL; `undefined` where none is given. */
export type ServiceBaseUrls = Readonly<Record<ServiceName, string | undefined>>;

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
  const base = (name: ServiceName, value: string | undefined, fallback?: string): string | undefined => {
    const raw = value ?? fallback;
    if (raw === undefined) return undefined;
    const checked = checkBaseUrl(single ? "baseUrl" : `baseUrl.${name}`, raw);
    return name !== "metadata" && isHiroHost(checked) ? undefined : checked;
  };
  return {
    metadata: base("metadata", all ?? given?.metadata, DEFAULT_BASE_URL),
    ordinals: base("ordinals", all ?? given?.ordinals),
    runes: base("runes", all ?? given?.runes),
  };
}
