/**
 * Asking the metadata service about one token, and reading its answer as findings: indexed, not indexed,
 * pending, a token error with upstream's reason, an answer without metadata or without `token_uri`, a
 * locale it lacks. Any other failure (the network, a 5xx, a refused input) is the caller's, so it rejects.
 */
import {
  type BigIntegerInput,
  HiroApiError,
  HiroValidationError,
  isRefreshingToken,
  type LookupClient,
} from "../index.js";
import { shown } from "./evidence.js";
import type { Observation } from "./findings.js";

/** The token standards the doctor knows: SIP-010 (`ft`), SIP-009 (`nft`), SIP-013 (`sft`). */
export type TokenKind = "ft" | "nft" | "sft";

/** The token to diagnose. `token_id` is required for `nft` and `sft`, refused for `ft`. */
export interface TokenTarget {
  kind: TokenKind;
  principal: string;
  token_id?: BigIntegerInput | undefined;
}

/** What the doctor needs of a client: the three single-token lookups (a `LookupClient` has them). */
export type MetadataService = {
  // Plain promises: a client's lookups (whose promises also have `.withResponse()`) or any stand-in.
  [K in "getFtMetadata" | "getNftMetadata" | "getSftMetadata"]: LookupClient[K] extends (
    ...args: infer A
  ) => Promise<infer R>
    ? (...args: A) => Promise<R>
    : never;
};

/** The service's answer, read: its findings, and what the next steps need. */
export interface ServiceReading {
  findings: Observation[];
  /** The token's URI as the service holds it (`{id}` already substituted), when it gave one. */
  tokenUri?: string | undefined;
  /** The locale-independent SIP-016 `metadata` the service holds, when it has it. */
  metadata?: unknown;
  /** The service answered 200 (a token it has, whatever its state). */
  answered?: boolean | undefined;
  /** An FT answer's `asset_identifier` (`<principal>::<name>`; `::null` for a contract without a fungible token). */
  assetIdentifier?: string | undefined;
}

/** The kinds of token the doctor asks about, as the Token Metadata API names them. */
export const TOKEN_KINDS: readonly TokenKind[] = ["ft", "nft", "sft"];

/** The token number the service knows `target` by: an FT is token number 1, another its `token_id`. */
export const serviceTokenNumber = (target: TokenTarget): string =>
  target.kind === "ft" ? "1" : String(target.token_id);

/** Refuses a target the doctor cannot ask about, before anything is sent. */
export function checkTarget(target: TokenTarget): void {
  if (!TOKEN_KINDS.includes(target.kind))
    throw new HiroValidationError("kind", 'must be "ft", "nft" or "sft"');
  if (target.kind === "ft" && target.token_id !== undefined)
    throw new HiroValidationError("token_id", "a fungible token has no token id: leave it out for kind ft");
  if (target.kind !== "ft" && target.token_id === undefined)
    throw new HiroValidationError("token_id", `is required for kind ${target.kind}`);
}

/** Asks `service` about `target` (in `locale`, when given) and reads the answer. */
export async function askService(
  service: MetadataService,
  target: TokenTarget,
  locale: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ServiceReading> {
  const localeParam = locale === undefined ? {} : { locale };
  const options = signal ? { signal } : undefined;
  const { principal } = target;
  const token_id = target.token_id ?? 0;
  try {
    const answer =
      target.kind === "ft"
        ? await service.getFtMetadata({ principal, ...localeParam }, options)
        : target.kind === "nft"
          ? await service.getNftMetadata({ principal, token_id, ...localeParam }, options)
          : await service.getSftMetadata({ principal, token_id, ...localeParam }, options);
    return readAnswer(answer);
  } catch (error) {
    if (error instanceof HiroApiError) {
      const finding = findingOfError(error, locale);
      if (finding) return { findings: [finding] };
    }
    throw error;
  }
}

/** A 200 answer: complete, a failed job's `{}`, or a refresh in progress (metadata without `token_uri`). */
function readAnswer(answer: {
  token_uri?: string | undefined;
  metadata?: unknown;
  asset_identifier?: string | undefined;
}): ServiceReading {
  const tokenUri = answer.token_uri;
  const about = {
    answered: true,
    ...(typeof answer.asset_identifier === "string" ? { assetIdentifier: answer.asset_identifier } : {}),
  };
  const hasUri = typeof tokenUri === "string" && tokenUri !== "";
  // A re-mint or a refresh: metadata kept, token_uri back once the job has run (isRefreshingToken).
  const refreshing = isRefreshingToken(answer);
  const evidence = {
    status: 200,
    token_uri: shown(tokenUri),
    has_metadata: answer.metadata !== undefined,
    refreshing,
  };
  if (answer.metadata !== undefined && hasUri) {
    return {
      ...about,
      findings: [{ code: "indexed_ok", message: "the service has this token's metadata and URI", evidence }],
      tokenUri,
      metadata: answer.metadata,
    };
  }
  const message = refreshing
    ? "the service has metadata but no token_uri: its job is being re-run (a re-mint or a refresh)"
    : answer.metadata !== undefined
      ? "the service has metadata but an empty token_uri: the contract's get-token-uri returns an empty URI"
      : hasUri
        ? "the service has the token's URI but no metadata: its metadata job failed (the URI's host or JSON is at fault)"
        : "the service has neither metadata nor a token_uri: the metadata job failed, or the contract returns no URI";
  return {
    ...about,
    findings: [{ code: "metadata_incomplete", message, evidence }],
    ...(hasUri ? { tokenUri } : {}),
    ...(answer.metadata === undefined ? {} : { metadata: answer.metadata }),
  };
}

/** The finding of an error the service documents for a token; undefined for any other. */
function findingOfError(error: HiroApiError, locale: string | undefined): Observation | undefined {
  const { status } = error;
  switch (error.kind) {
    case "not_found":
      return {
        code: "not_indexed",
        message:
          "the service has not indexed this token (404): a wrong principal or id, a token not minted yet, or a contract it does not recognise as this kind",
        evidence: { status, error: shown(errorField(error.body, "error")) },
      };
    case "metadata_pending":
      return {
        code: "metadata_pending",
        message: "the service is still fetching this token's metadata (422 pending)",
        evidence: { status, error: shown(errorField(error.body, "error")) },
      };
    case "token_error":
      return {
        code: "token_error",
        message: `the service could not process this token's metadata (422): ${shown(errorField(error.body, "message"))}`,
        evidence: { status, reason: shown(errorField(error.body, "message")) },
      };
    case "locale_not_found":
      return {
        code: "locale_missing",
        message: `the token's metadata has no ${shown(locale ?? "")} locale (422)`,
        evidence: { status, locale: shown(locale ?? null) },
      };
    default:
      return undefined;
  }
}

/** A string field of an error body, or null. */
function errorField(body: unknown, field: string): string | null {
  if (typeof body !== "object" || body === null) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : null;
}
