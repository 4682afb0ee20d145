/**
 * What `hiro-lookup verify` is told to check: flags, or a JSON file with the same fields (flags win),
 * turned into checked targets. A service is verified when its URL is given, and then needs its sample.
 */
import { readFile } from "node:fs/promises";
import { HiroValidationError, type ServiceName } from "../../index.js";
import { SERVICE_NAMES } from "../../spec-entry.js";
import { type UrlFlags, urlAttribute, urlFlag, urlVariable } from "../service-flags.js";
import type { ServiceUrls } from "../service-urls.js";
import { printable } from "../text.js";
import { sampleFt, sampleOrdinal, samplePrincipal, sampleTokenId, sampleTxId } from "./sample-checks.js";
import type { VerifyTargets } from "./verify.js";

/** The fields of the flags and of `--config` (camelCase flag names; numbers may be JSON numbers). */
export interface VerifyInput extends Omit<UrlFlags, "baseUrl"> {
  principal?: string | undefined;
  tokenId?: string | undefined;
  ordinal?: string | undefined;
  txId?: string | undefined;
  ft?: string | undefined;
}

const FIELDS = [...SERVICE_NAMES.map(urlAttribute), "principal", "tokenId", "ordinal", "txId", "ft"] as const;
const NUMERIC = new Set<string>(["tokenId", "ordinal"]);

/** Reads a `--config` file: a JSON object of {@link VerifyInput} fields, nothing else. */
export async function readConfig(path: string): Promise<VerifyInput> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, "utf8"));
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new HiroValidationError(
      "--config",
      `cannot read ${printable(path, 80)} as JSON: ${printable(why, 120)}`,
      {
        cause,
      },
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new HiroValidationError("--config", `must hold a JSON object with the fields ${FIELDS.join(", ")}`);
  }
  const input: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      throw new HiroValidationError(
        "--config",
        `unknown field ${printable(key, 40)}; the fields are ${FIELDS.join(", ")}`,
      );
    }
    if (typeof value === "string" || (NUMERIC.has(key) && typeof value === "number"))
      input[key] = String(value);
    else
      throw new HiroValidationError(
        "--config",
        `${key} must be a string${NUMERIC.has(key) ? " or a number" : ""}`,
      );
  }
  return input;
}

/** Flags over the config file: a flag that is given wins. */
export function merged(config: VerifyInput, flags: VerifyInput): VerifyInput {
  const input: VerifyInput = { ...config };
  for (const field of FIELDS) if (flags[field] !== undefined) input[field] = flags[field];
  return input;
}

/**
 * The targets to verify, one per service in `urls` (named by a flag, the config or the environment;
 * never a default). A bad sample or a service without its sample is a usage error.
 */
export function targetsOf(input: VerifyInput, urls: ServiceUrls): VerifyTargets {
  /** The sample a service needs, or a usage error naming the flag that is missing and why it is needed. */
  const need = (value: string | undefined, flag: string, service: ServiceName): string => {
    if (value === undefined || value === "") {
      const why = `its URL comes from ${urls[service]?.from ?? "?"}`;
      throw new HiroValidationError(
        flag,
        `is needed to verify the ${service} service (a known-good sample; ${why})`,
      );
    }
    return value;
  };
  const targets: VerifyTargets = {};
  if (urls.metadata) {
    targets.metadata = {
      url: urls.metadata.url,
      mock: urls.metadata.from === "--mock",
      principal: samplePrincipal(need(input.principal, "--principal", "metadata")),
      tokenId: sampleTokenId(need(input.tokenId, "--token-id", "metadata")),
      ...(input.ft === undefined || input.ft === "" ? {} : { ft: sampleFt(input.ft) }),
    };
  }
  if (urls.ordinals) {
    targets.ordinals = {
      url: urls.ordinals.url,
      mock: urls.ordinals.from === "--mock",
      ordinal: sampleOrdinal(need(input.ordinal, "--ordinal", "ordinals")),
    };
  }
  if (urls.runes) {
    targets.runes = {
      url: urls.runes.url,
      mock: urls.runes.from === "--mock",
      txId: sampleTxId(need(input.txId, "--tx-id", "runes")),
    };
  }
  if (!targets.metadata && !targets.ordinals && !targets.runes) {
    throw new HiroValidationError(
      "verify",
      `give at least one of ${[...SERVICE_NAMES.map(urlFlag), "--base-url"].join(", ")} (or ${[...SERVICE_NAMES.map(urlVariable), "HIRO_BASE_URL"].join(", ")}, or --mock)`,
    );
  }
  return targets;
}
