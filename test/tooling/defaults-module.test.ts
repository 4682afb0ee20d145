/**
 * Every default of the library is stated once, in src/shared/defaults.ts, one object per component; and a
 * browser app bundling the core carries the client's values only (inlined constants), no other
 * component's defaults (esbuild keeps an unused object whose values are arithmetic, and an object read
 * anywhere in the core whole).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import {
  CLIENT_DEFAULTS,
  DOCTOR_DEFAULTS,
  DOCTOR_GATEWAY_DEFAULTS,
  ETAG_CACHE_DEFAULTS,
  GATEWAY_DEFAULTS,
  MCP_DEFAULTS,
  REDIS_SHARED_DEFAULTS,
  WAIT_FOR_METADATA_DEFAULTS,
} from "../../src/shared/defaults.js";
import { ROOT } from "../helpers/spec.js";

const DEFAULTS_MODULE = "src/shared/defaults.ts";

describe("the library's defaults", () => {
  it("no module but src/shared/defaults.ts declares a defaults object", () => {
    const declaring = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" })
      .map((path) => `src/${path}`)
      .filter(
        (file) => file.endsWith(".ts") && file !== DEFAULTS_MODULE && !file.startsWith("src/generated/"),
      )
      .filter((file) => /\bconst\s+[A-Z_]*DEFAULTS\s*[=:]/.test(readFileSync(join(ROOT, file), "utf8")));
    expect(declaring).toEqual([]);
  });

  it("holds the values the library always had", () => {
    expect(CLIENT_DEFAULTS).toEqual({
      timeoutMs: 30_000,
      totalTimeoutMs: 120_000,
      maxRetries: 2,
      maxResponseBytes: 16 * 1024 * 1024,
      initialDelayMs: 500,
      maxDelayMs: 8_000,
      maxRetryAfterMs: 60_000,
    });
    expect(ETAG_CACHE_DEFAULTS).toEqual({
      maxEntries: 500,
      maxBytes: 16 * 1024 * 1024,
      maxEntryBytes: 1024 * 1024,
      storeTimeoutMs: 5_000,
    });
    expect(WAIT_FOR_METADATA_DEFAULTS).toEqual({
      deadlineMs: 60_000,
      initialDelayMs: 1_000,
      maxDelayMs: 15_000,
    });
    expect(DOCTOR_DEFAULTS).toEqual({
      timeoutMs: 30_000,
      maxRedirects: 5,
      maxMetadataBytes: 1_000_000,
      maxImageBytes: 10 * 1024 * 1024,
    });
    expect(GATEWAY_DEFAULTS).toEqual({
      fresh: 10_000,
      memoryBytes: 64 * 1024 * 1024,
      maxPaceWaitMs: 5_000,
      maxRetries: 1,
      staleKeepMs: 10 * 60_000,
      lockMs: 5_000,
      lockPollMs: 20,
      storeCalmMs: 1_000,
      maxUpstreamInFlight: 16,
      maxRefusalMs: 600_000,
      purgeWindowMs: 120_000,
      purgeRefreshMs: 5_000,
      purgePollMs: 1_000,
      maxTargetLength: 8_192,
      maxHeaderBytes: 16_384,
      maxHookBytes: 1_048_576,
      refusedFallbackMs: 1_000,
      pendingFreshMs: 2_000,
    });
    expect(REDIS_SHARED_DEFAULTS).toEqual({ prefix: "hiro-lookup:", commandTimeoutMs: 500 });
    expect(DOCTOR_GATEWAY_DEFAULTS).toEqual({ ipfs: "https://ipfs.io", arweave: "https://arweave.net" });
    expect(MCP_DEFAULTS).toEqual({
      attemptTimeoutMs: 15_000,
      maxRetries: 2,
      deadlineMs: 50_000,
      hostTimeoutMs: 10_000,
      toolPageSize: 10,
      listTtlMs: 24 * 60 * 60 * 1000,
    });
  });

  it("an app importing createLookupClient carries the client's values inlined and no other component's defaults", async () => {
    const { outputFiles } = await build({
      stdin: {
        contents: 'export { createLookupClient } from "./src/index.ts";',
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    const bundle = outputFiles.map((file) => file.text).join("");
    expect(bundle).toContain("as createLookupClient}");
    // A key as an object literal's (`{lockMs:5e3,`): a bare word may be another name (the body-size error has a `maxBytes` field).
    const held = (key: string) => new RegExp(`[{,]${key}:`).test(bundle);
    // The client's own values are read as constants, inlined: its object, which names them all, is left out.
    // (`maxRetryAfterMs:` alone is a field of the client's settings, which the gateway's build sets to 0;
    // the object would hold it with its default, 6e4.)
    expect(held("initialDelayMs") || /[{,]maxRetryAfterMs:6e4[,}]/.test(bundle)).toBe(false);
    const others = [
      ETAG_CACHE_DEFAULTS,
      WAIT_FOR_METADATA_DEFAULTS,
      DOCTOR_DEFAULTS,
      DOCTOR_GATEWAY_DEFAULTS,
      GATEWAY_DEFAULTS,
      REDIS_SHARED_DEFAULTS,
      MCP_DEFAULTS,
    ].flatMap((defaults) => Object.keys(defaults).filter((key) => !(key in CLIENT_DEFAULTS)));
    expect(others.filter(held)).toEqual([]);
  });
});
