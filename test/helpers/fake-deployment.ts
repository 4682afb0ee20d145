/**
 * A fake deployment of the three services (every read route of the Token Metadata API) on a real `node:http` server (127.0.0.1, a free port), for
 * `hiro-lookup verify`. `conformant` serves the spec's examples the way upstream does (the sample's data,
 * `total: 0` for unknown ids and past the end, the documented 400 bodies, ETag/304); the other modes
 * break one promise each. Every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parameterRules as rules } from "../../src/generated/parameters.js";
import { loadSpec } from "./spec.js";

export type FakeMode =
  | "conformant"
  /** Answers this status with Fastify's default error body, on every route. */
  | { status: number }
  /** 200s whose pages have a non-array `results` and no `total`, and a token with a numeric `token_uri`. */
  | "wrong-shapes"
  /** Answers every sat (and tx) with the sample's page, whatever was asked (the falsy-zero bug, everywhere). */
  | "ignores-filter";

export interface FakeSamples {
  principal: string;
  tokenId: string;
  ordinal: string;
  txId: string;
}

export interface FakeDeployment {
  url: string;
  /** Method and URL of each request, in order, with its `x-api-key` header. */
  requests: { url: string; apiKey: string | undefined }[];
  close(): Promise<void>;
}

const spec = loadSpec();
const example = <T>(name: string): T => spec.components.examples[name]?.value as T;
const ETAG = '"1713571767.123"';

interface Page {
  limit: number;
  offset: number;
  total: number;
  results: Record<string, unknown>[];
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    ...(body === undefined ? {} : { "content-type": "application/json" }),
    ...headers,
  });
  res.end(text);
}

const validation = (message: string) => ({ statusCode: 400, error: "Bad Request", message });

/**
 * `?limit=&offset=` as upstream validates them; the Fastify message of the first failing rule. `maximum`:
 * the largest limit (bitcoin-indexer's API_RESULTS_MAX_LIMIT; the spec's 60 by default).
 */
function paging(query: URLSearchParams, maximum: number): { limit: number; offset: number } | string {
  const limit = Number(query.get("limit") ?? rules.limit.default);
  const offset = Number(query.get("offset") ?? rules.offset.default);
  if (limit > maximum) return `querystring/limit must be <= ${maximum}`;
  if (limit < rules.limit.minimum) return `querystring/limit must be >= ${rules.limit.minimum}`;
  if (offset < rules.offset.minimum) return `querystring/offset must be >= ${rules.offset.minimum}`;
  return { limit, offset };
}

/** One page of `all`, as upstream computes it (`total` 0 past the end: COUNT(*) OVER() after OFFSET). */
function page(all: Record<string, unknown>[], limit: number, offset: number): Page {
  const results = all.slice(offset, offset + limit);
  return { limit, offset, total: results.length === 0 ? 0 : all.length, results };
}

/** Starts the fake deployment; one origin serves all three services. */
export async function startFakeDeployment(
  mode: FakeMode,
  samples: FakeSamples,
  options: { maxLimit?: number } = {},
): Promise<FakeDeployment> {
  const maximum = options.maxLimit ?? rules.limit.maximum;
  const [first] = example<Page>("SatoshiInscriptions").results;
  // Ignoring the filter: two inscriptions of another sat, answered for every sat asked.
  const inscriptions =
    mode === "ignores-filter"
      ? [0, 1].map((n) => ({ ...first, id: `${"cd".repeat(32)}i${n}`, sat_ordinal: "257418248345364" }))
      : [{ ...first, sat_ordinal: samples.ordinal }];
  const activity = example<Page>("RuneEtchingActivity").results.map((item) => ({
    ...item,
    location: {
      ...(item.location as object),
      tx_id: mode === "ignores-filter" ? "ab".repeat(32) : samples.txId,
    },
  }));
  const requests: FakeDeployment["requests"] = [];

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const apiKey = req.headers["x-api-key"];
    requests.push({
      url: `${url.pathname}${url.search}`,
      apiKey: typeof apiKey === "string" ? apiKey : undefined,
    });
    if (typeof mode === "object") {
      return send(res, mode.status, { statusCode: mode.status, error: "Error", message: "fake failure" });
    }
    const fresh = req.headers["if-none-match"] === ETAG;
    let match = /^\/metadata\/v1\/sft\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const [principal, tokenId] = [decodeURIComponent(match[1] ?? ""), match[2]];
      if (!new RegExp(rules.principal.pattern).test(principal)) {
        return send(res, 400, {
          ...validation(`params/principal must match pattern "${rules.principal.pattern}"`),
          code: "FST_ERR_VALIDATION",
        });
      }
      if (principal !== samples.principal || tokenId !== samples.tokenId)
        return send(res, 404, { error: "Token not found" });
      if (fresh) return send(res, 304);
      const body =
        mode === "wrong-shapes"
          ? { token_uri: 12200, metadata: { name: "no sip" } }
          : example("SftWithMetadata");
      return send(res, 200, body, { etag: ETAG, "cache-control": "public, no-cache, must-revalidate" });
    }
    if (url.pathname === "/metadata/v1/search") return search(url.searchParams, fresh, res);
    if (tokenRoutes(url, res)) return;
    match = /^\/ordinals\/v1\/sats\/([^/]+)\/inscriptions$/.exec(url.pathname);
    if (match) {
      const ordinal = Number(match[1]);
      const paged = paging(url.searchParams, maximum);
      // Every 400 of the sat routes is the same constant body (the route's 400 schema is a literal).
      if (!(ordinal < rules.ordinal.exclusiveMaximum) || typeof paged === "string") {
        return send(res, 400, { error: "Invalid satoshi ordinal number" });
      }
      const all = mode === "ignores-filter" || match[1] === samples.ordinal ? inscriptions : [];
      const body = page(all, paged.limit, paged.offset);
      return send(res, 200, mode === "wrong-shapes" ? { ...body, total: undefined, results: "none" } : body);
    }
    match = /^\/runes\/v1\/transactions\/([^/]+)\/activity$/.exec(url.pathname);
    if (match) {
      const paged = paging(url.searchParams, maximum);
      if (!new RegExp(rules.tx_id.pattern).test(match[1] ?? "")) {
        return send(res, 400, validation(`params/tx_id must match pattern "${rules.tx_id.pattern}"`));
      }
      if (typeof paged === "string") return send(res, 400, validation(paged));
      // The runes ETag is the index's chain tip: the same for every transaction.
      if (fresh) return send(res, 304);
      const all = mode === "ignores-filter" || match[1] === samples.txId ? activity : [];
      const body = page(all, paged.limit, paged.offset);
      const headers = { etag: ETAG, "cache-control": "public, no-cache, must-revalidate" };
      return send(
        res,
        200,
        mode === "wrong-shapes" ? { ...body, total: undefined, results: {} } : body,
        headers,
      );
    }
    return send(res, 404, {
      message: `Route GET:${url.pathname} not found`,
      error: "Not Found",
      statusCode: 404,
    });
  };

  /** The Token Metadata API's status, FT list, FT and NFT routes, as upstream's; false for another path. */
  const tokenRoutes = (url: URL, res: ServerResponse): boolean => {
    const answer = (...args: Parameters<typeof send>) => {
      send(...args);
      return true;
    };
    const headers = { etag: ETAG, "cache-control": "public, no-cache, must-revalidate" };
    if (url.pathname === "/metadata/v1/") {
      const body = mode === "wrong-shapes" ? { status: "ready" } : example("ApiStatusReady");
      return answer(res, 200, body, headers);
    }
    if (url.pathname === "/metadata/v1/ft") {
      const paged = paging(url.searchParams, rules.limit.maximum);
      if (typeof paged === "string")
        return answer(res, 400, { ...validation(paged), code: "FST_ERR_VALIDATION" });
      const orderBy = url.searchParams.get("order_by");
      if (orderBy !== null && !(rules.order_by.enum as readonly string[]).includes(orderBy)) {
        const branch = "querystring/order_by must be equal to constant";
        const message = `${branch}, ${branch}, querystring/order_by must match a schema in anyOf`;
        return answer(res, 400, { ...validation(message), code: "FST_ERR_VALIDATION" });
      }
      const all = example<Page>("FungibleTokensFirstPage").results;
      const body = page(all, paged.limit, paged.offset);
      return answer(res, 200, mode === "wrong-shapes" ? { ...body, results: "none" } : body, headers);
    }
    const ft = /^\/metadata\/v1\/ft\/([^/]+)$/.exec(url.pathname);
    if (ft) {
      const body = example<{ asset_identifier: string }>("FtWithMetadata");
      if (!body.asset_identifier.startsWith(`${decodeURIComponent(ft[1] ?? "")}::`))
        return answer(res, 404, { error: "Contract not found" });
      return answer(res, 200, mode === "wrong-shapes" ? { ...body, tx_id: 7 } : body, headers);
    }
    const nft = /^\/metadata\/v1\/nft\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (nft) {
      if (decodeURIComponent(nft[1] ?? "") !== samples.principal || nft[2] !== samples.tokenId)
        return answer(res, 404, { error: "Token not found" });
      const { token_uri, metadata } = example<Record<string, unknown>>("SftWithMetadata");
      const body = mode === "wrong-shapes" ? { token_uri: 12200 } : { token_uri, metadata };
      return answer(res, 200, body, headers);
    }
    return false;
  };

  /** The bulk search as upstream's: the sample token when asked (no ":N" is 1), the rest absent. */
  const search = (query: URLSearchParams, fresh: boolean, res: ServerResponse) => {
    const contract = query.getAll("contract");
    const { items, minItems, maxItems } = rules.contract;
    const bad = contract.findIndex((id) => !new RegExp(items.pattern).test(id));
    const invalid =
      contract.length < minItems
        ? "querystring must have required property 'contract'"
        : contract.length > maxItems
          ? `querystring/contract must NOT have more than ${maxItems} items`
          : bad >= 0
            ? `querystring/contract/${bad} must match pattern "${items.pattern}"`
            : undefined;
    if (invalid) return send(res, 400, { ...validation(invalid), code: "FST_ERR_VALIDATION" });
    const [sftItem] = example<Record<string, unknown>[]>("SearchWithLocale");
    const item = { ...sftItem, contract_id: samples.principal, token_number: Number(samples.tokenId) };
    const asked = (id: string) =>
      (id.includes(":") ? id : `${id}:1`) === `${samples.principal}:${samples.tokenId}`;
    const found = mode === "ignores-filter" || contract.some(asked) ? [item] : [];
    if (found.length > 0 && fresh) return send(res, 304);
    const body = mode === "wrong-shapes" ? [{ ...item, token_number: samples.tokenId }] : found;
    const headers = { etag: ETAG, "cache-control": "public, no-cache, must-revalidate" };
    return send(res, 200, body, found.length > 0 ? headers : {});
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
