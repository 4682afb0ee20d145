/**
 * The three services behind the three lookups, told apart by their path prefix. The pipeline uses it to
 * name the operation of a request (raw ones included) and to choose its origin's settings.
 */
import type { OperationId } from "./types.js";

/** A service of the spec: Token Metadata, Ordinals, Runes. */
export type ServiceName = "metadata" | "ordinals" | "runes";

/** Each service's path prefix and its one operation. */
export const SERVICES: Readonly<Record<ServiceName, { prefix: string; operationId: OperationId }>> = {
  metadata: { prefix: "/metadata/", operationId: "getSftMetadata" },
  ordinals: { prefix: "/ordinals/", operationId: "getSatoshiInscriptions" },
  runes: { prefix: "/runes/", operationId: "getTransactionActivity" },
};

/** The service a URL's path belongs to (the base URL may carry a path of its own, e.g. a proxy's). */
export function serviceOf(pathname: string): ServiceName | undefined {
  for (const name of Object.keys(SERVICES) as ServiceName[]) {
    if (pathname.includes(`${SERVICES[name].prefix}v1/`)) return name;
  }
  return undefined;
}
