/**
 * Which deployment a client talks to, for tools built on it (`hiro-lookup/query` puts it in every query
 * key, so two clients aimed at different deployments never share a cache entry). A global symbol, so
 * the CommonJS and ES module builds of a subpath read what either build's client wrote.
 */
export const DEPLOYMENT = Symbol.for("hiro-lookup.deployment");

/** The deployment `client` talks to: its base URL per service, as canonical text; "" for another object. */
export function deploymentOf(client: object): string {
  const value = (client as { [DEPLOYMENT]?: unknown })[DEPLOYMENT];
  return typeof value === "string" ? value : "";
}
