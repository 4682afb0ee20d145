/**
 * Which addresses the doctor may fetch from. A token's URI is chosen by whoever deployed the token, so
 * a server running the doctor on its users' tokens must not be made to read its own network: by
 * default only public unicast addresses are fetched. Loopback, private (RFC 1918), link-local,
 * unique-local, unspecified, carrier-grade NAT, multicast, broadcast and reserved ranges are refused,
 * an IPv4-mapped IPv6 address as the IPv4 address it carries. The ranges are ipaddr.js's, not ours.
 */
import ipaddr from "ipaddr.js";

/** The doctor refused to connect to a non-public address. */
export class PrivateAddressError extends Error {
  override name = "PrivateAddressError";
  constructor(
    /** The host name of the URL (as the URL names it). */
    readonly host: string,
    /** The address refused (the host's, or what its name resolved to). */
    readonly address: string,
    /** The range it is in, as ipaddr.js names it: `loopback`, `private`, `linkLocal`, `uniqueLocal`… */
    readonly range: string,
  ) {
    super(`${host} is ${address === host ? "" : `${address}, `}a ${range} address`);
  }
}

/** The range of `address` when it is not a public unicast address; undefined when it is public. */
export function nonPublicRange(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return undefined;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress())
    parsed = parsed.toIPv4Address();
  const range = parsed.range();
  return range === "unicast" ? undefined : range;
}

/** Names that resolve to this machine without asking DNS (RFC 6761): `localhost` and `*.localhost`. */
const LOCAL_NAME = /(^|\.)localhost\.?$/i;

/**
 * The refusal for `url`'s host, read from the URL alone: an address literal outside the public range
 * (the URL parser has already turned `2130706433`, `0177.0.0.1` and `127.1` into `127.0.0.1`), or a
 * `localhost` name. A DNS name is checked where it is resolved (guarded-transport.ts).
 */
export function literalRefusal(url: URL): PrivateAddressError | undefined {
  const host = url.hostname;
  if (LOCAL_NAME.test(host)) return new PrivateAddressError(host, host, "loopback");
  const range = nonPublicRange(host);
  return range === undefined ? undefined : new PrivateAddressError(host, host.replace(/^\[|\]$/g, ""), range);
}
