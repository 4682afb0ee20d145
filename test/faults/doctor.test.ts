/**
 * The doctor (issue 31) against two local servers: one plays the Token Metadata API, the other a token's
 * host (its own server, or the IPFS gateway). Each finding code is reached by a case from the service's
 * tracker: an IPFS gateway's 429 (#223), a bot challenge (#281), an image nested in `properties` and an
 * empty URI (#139), a host that fails (#267), a failed job's `{}`, a pending token, an image as text/html.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  type DiagnoseOptions,
  type Diagnosis,
  diagnoseToken,
  FINDING_CODES,
  type TokenTarget,
} from "../../src/doctor/index.js";
import { HiroValidationError } from "../../src/index.js";
import { type SmallServer, serveWith } from "../helpers/serve-with.js";
import { createTestClient } from "../helpers/test-client.js";

const SFT = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const NFT = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";
const FT = "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM.token-alex";
const CID = "QmYCnfeseno5cLpC75rmy6LQhsNYQCJabiuwqNUXMaA3Fo";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const KEY = "doctor-test-key";
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const sip016 = (image: string) => ({ sip: 16, name: "key-alex-autoalex-v1 #35", image });

interface HostRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
}

const servers: SmallServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * Runs the doctor with the service answering `service(path)` and the token's host `host(path)`; the
 * host's URL replaces `HOST` in the service's answers. The client carries an API key, for its own origin.
 */
async function diagnose(
  target: TokenTarget,
  service: (path: string, host: string) => Response,
  host: (path: string, request: IncomingMessage) => Response | Promise<Response> = () =>
    new Response("", { status: 404 }),
  options: DiagnoseOptions = {},
): Promise<{ diagnosis: Diagnosis; hostRequests: HostRequest[]; serviceKeys: (string | undefined)[] }> {
  const hostRequests: HostRequest[] = [];
  const serviceKeys: (string | undefined)[] = [];
  const hostServer = await serveWith((path, request) => {
    const apiKey = request.headers["x-api-key"];
    hostRequests.push({
      method: request.method ?? "",
      path,
      apiKey: typeof apiKey === "string" ? apiKey : undefined,
    });
    return host(path, request);
  });
  servers.push(hostServer);
  const serviceServer = await serveWith((path, request) => {
    const apiKey = request.headers["x-api-key"];
    serviceKeys.push(typeof apiKey === "string" ? apiKey : undefined);
    return service(path, hostServer.url);
  });
  servers.push(serviceServer);
  const { client } = createTestClient(serviceServer, { apiKey: KEY, maxRetries: 0 });
  // The hosts are loopback servers: allowed here, refused by default (see "the address policy" below).
  const diagnosis = await diagnoseToken(client, target, {
    gateways: { ipfs: `${hostServer.url}/gw`, arweave: `${hostServer.url}/ar` },
    allowPrivateNetwork: true,
    ...options,
  });
  return { diagnosis, hostRequests, serviceKeys };
}

const codes = (diagnosis: Diagnosis) => diagnosis.findings.map((finding) => finding.code);
const fixText = (diagnosis: Diagnosis) =>
  diagnosis.fixes.map((fix) => `[${fix.audience}] ${fix.text}`).join("\n");
const sft = { kind: "sft", principal: SFT, token_id: 35 } as const;
const sftAnswer = (host: string, uri = `${host}/tokens/35.json`) =>
  json({ token_uri: uri, metadata: sip016(`${host}/35.png`) });

const reached = new Set<string>();
afterEach(({ task }) => {
  for (const code of FINDING_CODES)
    if (task.result?.state === "pass" && task.name.includes(code)) reached.add(code);
});

describe("diagnoseToken: the service's answer", () => {
  it("indexed_ok, uri_ok, image_ok: an NFT on IPFS, read through the configured gateway", async () => {
    const { diagnosis, hostRequests } = await diagnose(
      { kind: "nft", principal: NFT, token_id: 1234 },
      () => json({ token_uri: `ipfs://${CID}/1234.json`, metadata: sip016(`ipfs://${CID}/1234.png`) }),
      (path) =>
        path.endsWith(".json")
          ? json(sip016(`ipfs://${CID}/1234.png`))
          : new Response(PNG, { headers: { "content-type": "image/png" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_ok"]);
    expect(diagnosis.verdict).toBe("ok");
    expect(diagnosis.fixes).toEqual([]);
    expect(hostRequests.map((request) => request.path)).toEqual([
      `/gw/ipfs/${CID}/1234.json`,
      `/gw/ipfs/${CID}/1234.png`,
    ]);
  });

  it("not_indexed: a 404, and no host is asked", async () => {
    const { diagnosis, hostRequests } = await diagnose(sft, () => json({ error: "Token not found" }, 404));
    expect(codes(diagnosis)).toEqual(["not_indexed"]);
    expect(diagnosis.verdict).toBe("problem");
    expect(fixText(diagnosis)).toContain("ignores one for a contract it has not indexed");
    expect(hostRequests).toEqual([]);
  });

  it("metadata_pending: a 422 pending is a wait, with nothing to fix", async () => {
    const { diagnosis } = await diagnose(sft, () => json({ error: "Token metadata fetch in progress" }, 422));
    expect(codes(diagnosis)).toEqual(["metadata_pending"]);
    expect(diagnosis.verdict).toBe("pending");
    expect(diagnosis.fixes.map((fix) => fix.audience)).toEqual(["everyone"]);
    expect(fixText(diagnosis)).toMatch(/^\[everyone\] Wait/);
  });

  it("token_error: upstream's reason; with no URI known, no host is asked; the refresh remedies follow", async () => {
    const reason = "Metadata could not be parsed or it does not conform to SIP-016";
    const { diagnosis, hostRequests } = await diagnose(sft, () =>
      json({ error: "Token error", message: reason }, 422),
    );
    expect(codes(diagnosis)).toEqual(["token_error"]);
    expect(diagnosis.findings[0]?.message).toContain(reason);
    expect(diagnosis.findings[0]?.evidence.reason).toBe(reason);
    expect(diagnosis.fixes.map((fix) => fix.audience)).toEqual(["contract_owner", "self_hoster"]);
    expect(hostRequests).toEqual([]);
  });

  it("token_error then uri_unreachable: the host answers 500; the SFT's fix sends class nft, never sft", async () => {
    const hostServer = await serveWith(() => new Response("oops", { status: 500 }));
    servers.push(hostServer);
    const service = await serveWith(() =>
      json(
        {
          error: "Token error",
          message: "Metadata could not be processed because the server responded with an error",
        },
        422,
      ),
    );
    servers.push(service);
    const { client } = createTestClient(service, { maxRetries: 0 });
    const diagnosis = await diagnoseToken(client, sft, {
      tokenUri: `${hostServer.url}/tokens/{id}.json`,
      allowPrivateNetwork: true,
    });
    expect(codes(diagnosis)).toEqual(["token_error", "uri_unreachable"]);
    expect(diagnosis.findings[1]?.evidence.status).toBe(500);
    expect(hostServer.requests).toEqual(["/tokens/35.json"]);
    const owner = diagnosis.fixes.find((fix) => fix.audience === "contract_owner");
    expect(owner?.text).toContain('token-class: "nft", token-ids: (list u35)');
    expect(owner?.text).toContain('drops a "sft" notification');
    expect(
      owner?.sources.some((source) => source.endsWith("src/token-processor/util/sip-validation.ts")),
    ).toBe(true);
    const admin = diagnosis.fixes.find((fix) => fix.audience === "self_hoster");
    expect(admin?.text).toContain(`POST /refresh-token with {"contractId":"${SFT}","tokenIds":[35]}`);
  });

  it("metadata_incomplete: a failed job's {} is a problem: check get-token-uri, then the refresh remedies", async () => {
    const { diagnosis } = await diagnose(sft, () => json({}));
    expect(codes(diagnosis)).toEqual(["metadata_incomplete"]);
    expect(diagnosis.verdict).toBe("problem");
    expect(diagnosis.fixes.map((fix) => fix.audience)).toEqual([
      "contract_owner",
      "contract_owner",
      "self_hoster",
    ]);
    // Before: no fix named the contract's get-token-uri, the one place the URI comes from.
    expect(diagnosis.fixes[0]?.text).toMatch(
      /^Check the contract's get-token-uri.*token 35 it must return \(ok \(some/,
    );
    expect(diagnosis.fixes[1]?.text).toMatch(/^Then have the service re-read the token/);
  });

  it("metadata_incomplete: an empty token URI (#139)", async () => {
    const { diagnosis, hostRequests } = await diagnose(sft, () => json({ token_uri: "" }));
    expect(codes(diagnosis)).toEqual(["metadata_incomplete"]);
    expect(diagnosis.findings[0]?.message).toContain("contract returns no URI");
    expect(hostRequests).toEqual([]);
  });

  it("metadata_incomplete: metadata with an empty token_uri is a problem, not a refresh", async () => {
    const { diagnosis } = await diagnose(sft, (_, host) =>
      json({ token_uri: "", metadata: sip016(`${host}/35.png`) }),
    );
    expect(codes(diagnosis)).toEqual(["metadata_incomplete"]);
    expect(diagnosis.findings[0]?.level).toBe("problem");
    expect(diagnosis.findings[0]?.message).toContain("empty URI");
  });

  it("metadata_incomplete: metadata without token_uri is a refresh in progress, a wait", async () => {
    const { diagnosis } = await diagnose(sft, (_, host) => json({ metadata: sip016(`${host}/35.png`) }));
    expect(codes(diagnosis)).toEqual(["metadata_incomplete"]);
    expect(diagnosis.findings[0]?.level).toBe("wait");
    expect(diagnosis.verdict).toBe("pending");
    expect(fixText(diagnosis)).toMatch(/^\[everyone\] Wait: the service is re-running/);
  });

  it("locale_missing: a 422 for a locale the metadata lacks", async () => {
    const { diagnosis } = await diagnose(sft, () => json({ error: "Locale not found" }, 422), undefined, {
      locale: "fr",
    });
    expect(codes(diagnosis)).toEqual(["locale_missing"]);
    expect(diagnosis.findings[0]?.evidence.locale).toBe("fr");
    expect(fixText(diagnosis)).toContain("Ask without the locale");
  });

  it("an FT: the service's answer about the contract, its JSON and image checked", async () => {
    const { diagnosis } = await diagnose(
      { kind: "ft", principal: FT },
      (_, host) =>
        json({
          name: "ALEX Token",
          symbol: "ALEX",
          decimals: 8,
          total_supply: "100",
          token_uri: `${host}/alex.json`,
          tx_id: `0x${"ab".repeat(32)}`,
          sender_address: "SP102V8P0F7JX67ARQ77WEA3D3CFB5XW39REDT0AM",
          asset_identifier: `${FT}::alex`,
          metadata: sip016(`${host}/alex.png`),
        }),
      (path, request) =>
        path === "/alex.json"
          ? json(sip016(`http://${request.headers.host}/alex.png`))
          : new Response(PNG, { headers: { "content-type": "image/png" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_ok"]);
  });
});

describe("diagnoseToken: the token's URI", () => {
  it("uri_rate_limited: the IPFS gateway answers 429 (#223); the fix pins elsewhere", async () => {
    const { diagnosis } = await diagnose(
      sft,
      () => json({ token_uri: `ipfs://${CID}/35.json` }),
      () => new Response("Too Many Requests", { status: 429, headers: { "retry-after": "120" } }),
    );
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_rate_limited"]);
    expect(diagnosis.findings[1]?.evidence).toMatchObject({
      status: 429,
      retry_after: "120",
      gateway: "ipfs",
    });
    expect(diagnosis.fixes.find((fix) => fix.audience === "host")?.text).toContain("does not rate-limit");
  });

  it("uri_bot_challenge: Cloudflare's challenge page, marked cf-mitigated: challenge (#281)", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () =>
        new Response("<!DOCTYPE html><title>Just a moment...</title>", {
          status: 403,
          headers: { "content-type": "text/html", "cf-mitigated": "challenge" },
        }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_bot_challenge"]);
    expect(diagnosis.findings[1]?.evidence.marker).toBe("cf-mitigated: challenge");
    expect(diagnosis.fixes.find((fix) => fix.audience === "host")?.text).toContain("Lift the bot protection");
  });

  it("uri_bot_challenge: a challenge page without the header, recognised by its script", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () =>
        new Response('<html><script src="/cdn-cgi/challenge-platform/h/b/orchestrate"></script></html>', {
          status: 503,
          headers: { "content-type": "text/html; charset=UTF-8" },
        }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_bot_challenge"]);
  });

  it("uri_too_large: a body past the cap is not read further", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => json({ sip: 16, name: "x".repeat(5000) }),
      {
        maxMetadataBytes: 1000,
      },
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_too_large"]);
  });

  it("not_json: an HTML page served with 200, control characters stripped from what is shown", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () =>
        new Response("\u001b[2J\u001b]0;owned\u0007<html>Welcome</html>", {
          headers: { "content-type": "text/html" },
        }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "not_json"]);
    expect(diagnosis.findings[1]?.evidence.content_type).toBe("text/html");
    expect(JSON.stringify(diagnosis.findings)).not.toMatch(/\\u001b|\\u0007/);
    for (const finding of diagnosis.findings) {
      expect(finding.message).not.toMatch(CONTROL);
      for (const value of Object.values(finding.evidence)) expect(String(value)).not.toMatch(CONTROL);
    }
  });

  it("uri_unreachable: a redirect loop stops after maxRedirects, GET only, no API key to the host", async () => {
    const { diagnosis, hostRequests, serviceKeys } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      (path) => new Response(null, { status: 302, headers: { location: `${path}x` } }),
      { maxRedirects: 3 },
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_unreachable"]);
    expect(diagnosis.findings[1]?.message).toContain("more than 3 redirects");
    expect(hostRequests).toHaveLength(4);
    expect(hostRequests.every((request) => request.method === "GET" && request.apiKey === undefined)).toBe(
      true,
    );
    // The service is asked more than once (the token, and its kind); each time with the key, the host never.
    expect(serviceKeys.length).toBeGreaterThan(0);
    expect(serviceKeys.every((key) => key === KEY)).toBe(true);
  });

  it("uri_unreachable: a redirect to another scheme is not followed", async () => {
    const { diagnosis, hostRequests } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => new Response(null, { status: 301, headers: { location: "file:///etc/passwd" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_unreachable"]);
    expect(diagnosis.findings[1]?.message).toContain("scheme other than http(s)");
    expect(hostRequests).toHaveLength(1);
  });

  it("uri_unreachable: a host that never answers is given up at the deadline", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => new Promise<Response>(() => {}),
      {
        timeoutMs: 200,
      },
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_unreachable"]);
    expect(diagnosis.findings[1]?.message).toContain("no answer within 200 ms");
  });

  it("uri_unsupported: a scheme the doctor does not fetch", async () => {
    const { diagnosis, hostRequests } = await diagnose(sft, () =>
      json({ token_uri: "ftp://example.com/35.json" }),
    );
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_unsupported"]);
    expect(hostRequests).toEqual([]);
  });

  it("a redirect within the bound is followed, and ar:// goes through its gateway", async () => {
    const { diagnosis, hostRequests } = await diagnose(
      sft,
      () => json({ token_uri: "ar://txid123/35.json", metadata: sip016("x") }),
      (path, request) =>
        path === "/ar/txid123/35.json"
          ? new Response(null, { status: 302, headers: { location: "/real.json" } })
          : path === "/real.json"
            ? json(sip016(`http://${request.headers.host}/35.png`))
            : new Response(PNG, { headers: { "content-type": "image/png" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_ok"]);
    expect(hostRequests.map((request) => request.path)).toEqual([
      "/ar/txid123/35.json",
      "/real.json",
      "/35.png",
    ]);
  });
});

describe("diagnoseToken: the JSON and the image", () => {
  it("not_sip016 and image_missing: the image nested under properties (#139)", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => json({ sip: 16, name: "Key #35", properties: { image: "https://cdn.example/35.png" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "not_sip016", "image_missing"]);
    expect(diagnosis.findings[2]?.message).toContain("nested under properties.image");
    expect(diagnosis.findings[3]?.evidence.nested).toBe("https://cdn.example/35.png");
    expect(diagnosis.fixes.find((fix) => fix.audience === "host")?.text).toContain('top-level "image"');
  });

  it("not_sip016: no name, wrong types", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => json({ sip: "16", attributes: { rarity: 1 } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "not_sip016", "image_missing"]);
    const message = diagnosis.findings[2]?.message ?? "";
    expect(message).toContain("no name");
    expect(message).toContain("sip is string, SIP-016 says number");
    expect(message).toContain("attributes is object, SIP-016 says array");
  });

  it("not_sip016: JSON that is not an object", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => json([1, 2]),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "not_sip016"]);
  });

  it("image_unreachable: the image answers 404", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      (path, request) =>
        path.endsWith(".json")
          ? json(sip016(`http://${request.headers.host}/gone.png`))
          : new Response("", { status: 404 }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_unreachable"]);
    expect(diagnosis.findings[2]?.evidence.status).toBe(404);
  });

  it("image_not_image: the image URI serves text/html", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      (path, request) =>
        path.endsWith(".json")
          ? json(sip016(`http://${request.headers.host}/35.png`))
          : new Response("<html>Image viewer</html>", { headers: { "content-type": "text/html" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_not_image"]);
    expect(diagnosis.findings[2]?.evidence.content_type).toBe("text/html");
    expect(diagnosis.fixes.find((fix) => fix.audience === "host")?.text).toContain("image/* content type");
  });

  it("image_ok: an image without a content type, known by its first bytes", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      (path, request) => {
        if (path.endsWith(".json")) return json(sip016(`http://${request.headers.host}/35.png`));
        const response = new Response(PNG);
        response.headers.delete("content-type");
        return response;
      },
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_ok"]);
  });

  it("image_too_large: past maxImageBytes, not read in full", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      (path, request) =>
        path.endsWith(".json")
          ? json(sip016(`http://${request.headers.host}/35.png`))
          : new Response(new Uint8Array(50_000), { headers: { "content-type": "image/png" } }),
      { maxImageBytes: 10_000 },
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_too_large"]);
    expect(diagnosis.findings[2]?.evidence.max_bytes).toBe(10_000);
  });
});

/** Node's dns module as the doctor's guarded GET reaches it (process.getBuiltinModule), for a fake resolver. */
const dns = process.getBuiltinModule("node:dns");

/** Runs `body` with `dns.lookup` answering `names` (name → address) and ENOTFOUND for any other name. */
async function withNames<T>(names: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const original = dns.lookup;
  const fake = (hostname: string, ...rest: unknown[]) => {
    const options = rest.length > 1 ? rest[0] : {};
    const callback = rest.at(-1) as (...args: unknown[]) => void;
    // Addresses (the client's fetch looks its loopback service up too) resolve as they always do.
    if (isIP(hostname) !== 0) return Reflect.apply(original, dns, [hostname, ...rest]);
    const address = names[hostname];
    if (address === undefined)
      return process.nextTick(() =>
        callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" })),
      );
    const family = address.includes(":") ? 6 : 4;
    const all = typeof options === "object" && options !== null && "all" in options && options.all;
    process.nextTick(() => (all ? callback(null, [{ address, family }]) : callback(null, address, family)));
  };
  Object.assign(dns, { lookup: fake });
  try {
    return await body();
  } finally {
    Object.assign(dns, { lookup: original });
  }
}

describe("diagnoseToken: the address policy (private addresses refused unless allowed)", () => {
  it("uri_private_address: a loopback token URI is not fetched by default; allowPrivateNetwork fetches it", async () => {
    const host = await serveWith((path, request) =>
      path.endsWith(".json") ? json(sip016(`http://${request.headers.host}/35.png`)) : json({}, 404),
    );
    servers.push(host);
    const service = () => json({ error: "Token metadata fetch in progress" }, 422);
    const refused = await diagnose(sft, service, undefined, {
      tokenUri: `${host.url}/35.json`,
      allowPrivateNetwork: false,
    });
    expect(codes(refused.diagnosis)).toEqual(["metadata_pending", "uri_private_address"]);
    expect(refused.diagnosis.findings[1]).toMatchObject({
      level: "unchecked",
      evidence: { host: "127.0.0.1", address: "127.0.0.1", range: "loopback" },
    });
    expect(refused.diagnosis.verdict).toBe("unchecked");
    expect(refused.diagnosis.findings[1]?.message).toContain("allowPrivateNetwork");
    expect(fixText(refused.diagnosis)).toContain("--allow-private-network");
    expect(fixText(refused.diagnosis)).not.toContain("Make the token URI answer");
    // Before: the doctor read the internal answer back into the findings.
    expect(host.requests).toEqual([]);
    const allowed = await diagnose(sft, service, undefined, {
      tokenUri: `${host.url}/35.json`,
      allowPrivateNetwork: true,
      maxRedirects: 0,
    });
    expect(codes(allowed.diagnosis)).toEqual(["metadata_pending", "uri_ok", "image_unreachable"]);
    expect(host.requests).toEqual(["/35.json", "/35.png"]);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["2130706433", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["127.1", "loopback"],
    ["0x7f.1", "loopback"],
    ["localhost", "loopback"],
    ["LOCALHOST.", "loopback"],
    ["tokens.localhost", "loopback"],
    ["[::1]", "loopback"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["[::]", "unspecified"],
    ["10.0.0.8", "private"],
    ["192.168.1.1", "private"],
    ["172.16.0.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["[fe80::1]", "linkLocal"],
    ["[fd00::1]", "uniqueLocal"],
    ["100.64.0.1", "carrierGradeNat"],
  ])("uri_private_address: %s (%s) is refused before any connection", async (spelling, range) => {
    const host = await serveWith(() => json(sip016("x")));
    servers.push(host);
    const port = new URL(host.url).port;
    const { diagnosis } = await diagnose(
      sft,
      () => json({ token_uri: `http://${spelling}:${port}/35.json` }),
      undefined,
      {
        allowPrivateNetwork: false,
      },
    );
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_private_address"]);
    expect(diagnosis.findings[1]?.evidence.range).toBe(range);
    expect(host.requests).toEqual([]);
  });

  it("uri_private_address: a DNS name resolving to 127.0.0.1 is refused by the lookup the connection uses", async () => {
    const host = await serveWith(() => json(sip016("x")));
    servers.push(host);
    const port = new URL(host.url).port;
    const tokenUri = `http://tokens.example.com:${port}/35.json`;
    const service = () => json({ token_uri: tokenUri });
    await withNames({ "tokens.example.com": "127.0.0.1" }, async () => {
      const refused = await diagnose(sft, service, undefined, { allowPrivateNetwork: false });
      expect(codes(refused.diagnosis)).toEqual(["metadata_incomplete", "uri_private_address"]);
      expect(refused.diagnosis.findings[1]?.evidence).toMatchObject({
        host: "tokens.example.com",
        address: "127.0.0.1",
        range: "loopback",
      });
      expect(host.requests).toEqual([]);
      // Allowed, the same lookup's answer is where the connection goes: the loopback server answers.
      const allowed = await diagnose(sft, service, undefined, { allowPrivateNetwork: true });
      expect(codes(allowed.diagnosis)).toEqual(["metadata_incomplete", "uri_ok", "image_unreachable"]);
      expect(host.requests).toEqual(["/35.json"]);
    });
  });

  it("uri_private_address: a redirect from an outside URL into loopback is refused at that hop", async () => {
    const inside = await serveWith(() => json({ secret: "internal" }));
    servers.push(inside);
    const seen: string[] = [];
    // An outside host (the caller's fetch: no connection is made) that redirects into the loopback server.
    const outside: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(null, { status: 302, headers: { location: `${inside.url}/admin` } });
    };
    const { diagnosis } = await diagnose(
      sft,
      () => json({ token_uri: "https://tokens.example.com/35.json" }),
      undefined,
      { allowPrivateNetwork: false, fetch: outside },
    );
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_private_address"]);
    expect(seen).toEqual(["https://tokens.example.com/35.json"]);
    expect(inside.requests).toEqual([]);
    expect(JSON.stringify(diagnosis)).not.toContain("internal");
  });

  it("a gateway's user:password is never shown in a finding", async () => {
    const { diagnosis, hostRequests } = await diagnose(
      sft,
      () => json({ token_uri: `ipfs://${CID}/35.json` }),
      () => new Response("down", { status: 500 }),
      { gateways: { ipfs: "http://gwuser:hunter2secret@127.0.0.1:1/gw" } },
    );
    expect(hostRequests).toEqual([]);
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_not_reached"]);
    expect(JSON.stringify(diagnosis)).not.toContain("hunter2secret");
    expect(JSON.stringify(diagnosis)).toContain("***@127.0.0.1:1");
  });

  it.each([["ar://../x"], ["ipfs://../../x"], ["ar://%2e%2e/x"], ["ipfs://./x"], ["ipns://%2E%2E/admin"]])(
    "uri_unsupported: %s stays under the gateway's path: refused, nothing fetched",
    async (uri) => {
      const { diagnosis, hostRequests } = await diagnose(sft, () => json({ token_uri: uri }));
      expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_unsupported"]);
      expect(hostRequests).toEqual([]);
    },
  );
});

describe("diagnoseToken: this machine could not reach the host (not the host's fault)", () => {
  it("uri_not_reached: a refused connection is this machine's trouble, and no host fix blames the token", async () => {
    const closed = await serveWith(() => json({}));
    const port = new URL(closed.url).port;
    await closed.close();
    const { diagnosis } = await diagnose(sft, () => json({ token_uri: `http://127.0.0.1:${port}/35.json` }));
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_not_reached"]);
    expect(diagnosis.findings[1]?.level).toBe("unchecked");
    expect(diagnosis.findings[1]?.message).toContain("this machine could not reach the token URI's host");
    expect(diagnosis.findings[1]?.evidence.reason).toContain("ECONNREFUSED");
    expect(fixText(diagnosis)).toContain("Check this machine's network and DNS");
    // Before: "[host] Make the token URI answer 200 … the indexer fetched it and failed".
    expect(diagnosis.fixes.some((fix) => fix.audience === "host")).toBe(false);
  });

  it("uri_not_reached and image_not_reached: a name that does not resolve here (offline)", async () => {
    await withNames({}, async () => {
      const { diagnosis } = await diagnose(sft, () =>
        json({
          token_uri: "https://tokens.example.com/35.json",
          metadata: sip016("https://cdn.example.com/35.png"),
        }),
      );
      expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_not_reached"]);
      expect(diagnosis.verdict).toBe("unchecked");
      expect(diagnosis.findings[1]?.evidence.reason).toContain("ENOTFOUND");
    });
  });

  it("image_not_reached: the image's host does not resolve here", async () => {
    await withNames({}, async () => {
      const { diagnosis } = await diagnose(
        sft,
        (_, host) => sftAnswer(host),
        () => json(sip016("https://cdn.example.com/35.png")),
      );
      expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_not_reached"]);
    });
  });

  it("image_private_address: an image at a private address is not fetched by default", async () => {
    const { diagnosis, hostRequests } = await diagnose(
      sft,
      () => json({ token_uri: "https://tokens.example.com/35.json" }),
      undefined,
      {
        allowPrivateNetwork: false,
        fetch: async () => json(sip016("http://192.168.0.10/35.png")),
      },
    );
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "uri_ok", "image_private_address"]);
    expect(diagnosis.findings[2]?.evidence.range).toBe("private");
    expect(hostRequests).toEqual([]);
  });
});

describe("diagnoseToken: as the service reads it", () => {
  it("uri_ok: a JSON5 document (comments, single quotes, trailing commas) is what the service accepts", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      (path, request) =>
        path.endsWith(".json")
          ? new Response(
              `{\n  // the token\n  sip: 16,\n  name: 'Key #35',\n  image: 'http://${request.headers.host}/35.png',\n}`,
              { headers: { "content-type": "application/json" } },
            )
          : new Response(PNG, { headers: { "content-type": "image/png" } }),
    );
    // Before: not_json, for a document the indexer parses (JSON5.parse).
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_ok"]);
  });

  it("uri_ok: on-chain JSON in a data: URI is read without a request", async () => {
    const document = encodeURIComponent(JSON.stringify({ sip: 16, name: "On chain #35" }));
    const { diagnosis, hostRequests } = await diagnose(sft, () =>
      json({ token_uri: `data:application/json,${document}`, metadata: { sip: 16, name: "On chain #35" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_missing"]);
    expect(hostRequests).toEqual([]);
  });

  it("no image_ok for image_url in a document the service refuses (no name): the image is not fetched", async () => {
    const { diagnosis, hostRequests } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      (path, request) =>
        path.endsWith(".json")
          ? json({ image_url: `http://${request.headers.host}/35.png` })
          : new Response(PNG, { headers: { "content-type": "image/png" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "not_sip016"]);
    expect(diagnosis.findings[2]?.message).toContain("refuses such a document whole");
    expect(hostRequests.map((request) => request.path)).toEqual(["/tokens/35.json"]);
  });

  it("a deadline shorter than the indexer's 30 s is said as such", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => new Promise<Response>(() => {}),
      { timeoutMs: 150 },
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_unreachable"]);
    expect(diagnosis.findings[1]?.message).toContain("sooner than the indexer's 30 s");
    expect(diagnosis.findings[1]?.evidence.timeout_ms).toBe(150);
  });

  it("an ipfs:// URI in trouble: the self-hoster's PUBLIC_GATEWAY_IPFS, whose default is dead, is named", async () => {
    const { diagnosis } = await diagnose(
      sft,
      () => json({ token_uri: `ipfs://${CID}/35.json` }),
      () => new Response("Too Many Requests", { status: 429 }),
    );
    const gateway = diagnosis.fixes.find((fix) => fix.text.includes("PUBLIC_GATEWAY_IPFS"));
    expect(gateway?.audience).toBe("self_hoster");
    expect(gateway?.text).toContain("https://cloudflare-ipfs.com, has not resolved since 2024-08-14");
  });

  it("a plain http host's 429: the fix speaks of that host, not of an IPFS gateway", async () => {
    const { diagnosis } = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => new Response("slow down", { status: 429 }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_rate_limited"]);
    const host = diagnosis.fixes.find((fix) => fix.audience === "host")?.text ?? "";
    expect(host).toContain("the host's rate limit");
    expect(fixText(diagnosis)).not.toMatch(/IPFS|gateway/i);
  });

  it("an NFT not indexed: the 50,000-token limit of the service is named", async () => {
    const { diagnosis } = await diagnose({ kind: "nft", principal: NFT, token_id: 1 }, () =>
      json({ error: "Token not found" }, 404),
    );
    expect(fixText(diagnosis)).toContain("get-last-token-id is above 50,000 has none of its tokens indexed");
  });

  it("the refresh fix opens with 'Then' only after a step that comes first", async () => {
    const alone = await diagnose(sft, () =>
      json({ error: "Token error", message: "Metadata could not be parsed" }, 422),
    );
    expect(alone.diagnosis.fixes.find((fix) => fix.audience === "contract_owner")?.text).toMatch(
      /^Have the service re-read the token/,
    );
    const afterHost = await diagnose(
      sft,
      (_, host) => sftAnswer(host),
      () => new Response("<html>hi</html>", { headers: { "content-type": "text/html" } }),
    );
    expect(afterHost.diagnosis.fixes.find((fix) => fix.audience === "contract_owner")?.text).toMatch(
      /^Then have the service re-read the token/,
    );
  });
});

describe("diagnoseToken: the wrong kind", () => {
  const item = (contract_id: string, token_type: string) => ({
    contract_id,
    token_number: 1,
    token_type,
    tx_id: `0x${"ab".repeat(32)}`,
    sender_address: contract_id.split(".")[0],
  });

  it("wrong_kind: an NFT contract asked as an FT (its asset_identifier ends ::null), the search says nft", async () => {
    const { diagnosis, hostRequests } = await diagnose({ kind: "ft", principal: NFT }, (path, host) =>
      path.startsWith("/metadata/v1/search")
        ? json([item(NFT, "nft")])
        : json({
            token_uri: `${host}/1.json`,
            tx_id: `0x${"ab".repeat(32)}`,
            sender_address: NFT.split(".")[0],
            asset_identifier: `${NFT}::null`,
            metadata: sip016(`${host}/1.png`),
          }),
    );
    // Before: indexed_ok, uri_ok, image_ok, verdict ok.
    expect(codes(diagnosis)).toEqual(["indexed_ok", "wrong_kind"]);
    expect(diagnosis.verdict).toBe("problem");
    expect(diagnosis.findings[1]?.evidence).toMatchObject({ asked: "ft", actual: "nft" });
    expect(diagnosis.findings[1]?.message).toContain(
      "is not a fungible token (SIP-010): it is a non-fungible token",
    );
    expect(fixText(diagnosis)).toContain(`hiro-lookup explain nft ${NFT} <token_id>`);
    expect(hostRequests).toEqual([]);
  });

  it("wrong_kind: without the search (an older service), ::null alone says it is not an FT", async () => {
    const { diagnosis } = await diagnose({ kind: "ft", principal: NFT }, (path) =>
      path.startsWith("/metadata/v1/search")
        ? json({ message: "Route GET:/metadata/v1/search not found" }, 404)
        : json({
            tx_id: `0x${"ab".repeat(32)}`,
            sender_address: NFT.split(".")[0],
            asset_identifier: `${NFT}::null`,
          }),
    );
    expect(codes(diagnosis)).toEqual(["metadata_incomplete", "wrong_kind"]);
    expect(diagnosis.findings[1]?.evidence.actual).toBe(null);
  });

  it("wrong_kind: an FT contract asked as an NFT (the FT answer names its fungible token)", async () => {
    const { diagnosis } = await diagnose({ kind: "nft", principal: FT, token_id: 1 }, (path, host) =>
      path.startsWith("/metadata/v1/search")
        ? json({ message: "Route GET:/metadata/v1/search not found" }, 404)
        : path.startsWith("/metadata/v1/ft/")
          ? json({
              tx_id: `0x${"ab".repeat(32)}`,
              sender_address: FT.split(".")[0],
              asset_identifier: `${FT}::alex`,
            })
          : json({ token_uri: `${host}/alex.json`, metadata: sip016(`${host}/alex.png`) }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "wrong_kind"]);
    expect(diagnosis.findings[1]?.evidence).toMatchObject({ asked: "nft", actual: "ft" });
    expect(fixText(diagnosis)).toContain(`hiro-lookup explain ft ${FT}`);
  });

  it("an SFT is not called an FT for the fungible token its SIP-013 contract defines", async () => {
    const { diagnosis } = await diagnose(sft, (path, host) =>
      path.startsWith("/metadata/v1/search")
        ? json({ message: "Route GET:/metadata/v1/search not found" }, 404)
        : path.startsWith("/metadata/v1/ft/")
          ? json({
              tx_id: `0x${"ab".repeat(32)}`,
              sender_address: SFT.split(".")[0],
              asset_identifier: `${SFT}::key`,
            })
          : json({ token_uri: `${host}/35.json` }),
    );
    expect(codes(diagnosis)).not.toContain("wrong_kind");
  });

  it("the kind asked: no wrong_kind when the search agrees", async () => {
    const { diagnosis } = await diagnose(
      { kind: "nft", principal: NFT, token_id: 1 },
      (path, host) =>
        path.startsWith("/metadata/v1/search")
          ? json([item(NFT, "nft")])
          : json({ token_uri: `${host}/1.json`, metadata: sip016(`${host}/1.png`) }),
      (path, request) =>
        path.endsWith(".json")
          ? json(sip016(`http://${request.headers.host}/1.png`))
          : new Response(PNG, { headers: { "content-type": "image/png" } }),
    );
    expect(codes(diagnosis)).toEqual(["indexed_ok", "uri_ok", "image_ok"]);
  });
});

describe("diagnoseToken: inputs refused before anything is sent", () => {
  const neverCalled = {
    getFtMetadata: () => Promise.reject(new Error("sent")),
    getNftMetadata: () => Promise.reject(new Error("sent")),
    getSftMetadata: () => Promise.reject(new Error("sent")),
  };
  it.each([
    [{ kind: "xft", principal: SFT } as unknown as TokenTarget, {}, "kind"],
    [{ kind: "nft", principal: NFT }, {}, "token_id"],
    [{ kind: "ft", principal: FT, token_id: 1 }, {}, "token_id"],
    [sft, { timeoutMs: 0 }, "timeoutMs"],
    // Before: a raw RangeError from the timer.
    [sft, { timeoutMs: 1e12 }, "timeoutMs"],
    [sft, { maxRedirects: 1000 }, "maxRedirects"],
    [sft, { allowPrivateNetwork: "yes" }, "allowPrivateNetwork"],
    [sft, { maxRedirects: -1 }, "maxRedirects"],
    [sft, { maxImageBytes: 1.5 }, "maxImageBytes"],
    [sft, { gateways: { ipfs: "ftp://gateway" } }, "gateways.ipfs"],
  ] as const)("%o %o → %s", async (target, options, parameter) => {
    const refusal = diagnoseToken(neverCalled, target as TokenTarget, options as DiagnoseOptions);
    await expect(refusal).rejects.toBeInstanceOf(HiroValidationError);
    await expect(refusal).rejects.toMatchObject({ parameter });
  });
});

describe("every finding code", () => {
  it("is reached by a passing test above", () => {
    expect(FINDING_CODES.filter((code) => !reached.has(code))).toEqual([]);
  });
});
