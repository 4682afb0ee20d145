/** A caller's request as the gateway reads it: plain data, from a web `Request` or from Node's `IncomingMessage`. */

/** A caller's request, as the gateway reads it: nothing else of it counts. */
export interface GatewayRequest {
  method: string;
  /** The request target: path and query, starting with `/` (an absolute URL is refused). */
  target: string;
  /** The caller's `If-None-Match`. */
  ifNoneMatch?: string | null | undefined;
  /** The caller's `Origin` (CORS). */
  origin?: string | null | undefined;
  /** The caller's `Authorization` (read by the Chainhooks route only). */
  authorization?: string | null | undefined;
  /** The body's text, for a route that takes one (`LookupGateway.takesBody`); undefined when too large. */
  body?: string | undefined;
  /** Whether the request carries or announces a body (a GET or HEAD with one is refused, unread). */
  bodyAnnounced?: boolean | undefined;
  /**
   * The bytes of the request's header names and values, where the host shows them (the web handler);
   * undefined where the host bounds the head itself (Node's `maxHeaderSize`).
   */
  headerBytes?: number | undefined;
  /** Who is calling, as the host says it (an IP address): the per-caller limit's key. */
  callerKey?: string | undefined;
}
