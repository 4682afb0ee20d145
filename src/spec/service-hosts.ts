/**
 * Where the services are hosted. Hiro still hosts the Token Metadata API; it retired its hosted Ordinals
 * and Runes APIs on 2026-03-09, and bitcoin-indexer serves those two from separate servers.
 */

/**
 * The day Hiro retired its hosted Ordinals and Runes APIs, and their names by service: the one place
 * this fact is written. Every text about it (the client's refusal, the command line's and its help)
 * quotes the day from here; the command line takes the names from here too.
 */
export const RETIRED_ON = "2026-03-09";
/** The APIs Hiro no longer hosts (since {@link RETIRED_ON}), by service. */
export const RETIRED_APIS = { ordinals: "Ordinals", runes: "Runes" } as const;

/** Hiro's hosted API: the Token Metadata API only. */
export const DEFAULT_BASE_URL = "https://api.hiro.so";

/** One base URL for all three services (a proxy in front of them), or one per service. */
export type BaseUrlOption = string | { metadata?: string; ordinals?: string; runes?: string };

/** Whether `url` is on one of Hiro's hosts (`*.hiro.so`); false for what is not a URL. */
export function isHiroHost(url: string): boolean {
  try {
    return /(^|\.)hiro\.so$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
}
