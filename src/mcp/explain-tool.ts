/**
 * `explain_token`: the doctor (`hiro-lookup/doctor`, `diagnoseToken`) as an MCP tool. Why a token's
 * metadata or image is missing, and what to do: `{ verdict, findings, fixes }`, as the doctor says it.
 * Its parameters' rules are the spec's (`principal`, `token_id`); the rest is the doctor's own.
 */
import type { Tool } from "@modelcontextprotocol/server";
import {
  type DiagnoseOptions,
  type Diagnosis,
  diagnoseToken,
  FINDING_CODES,
  FINDING_LEVELS,
  FIX_AUDIENCES,
  TOKEN_KINDS,
  type TokenKind,
  VERDICTS,
} from "../doctor/index.js";
import { HiroValidationError, type LookupClient } from "../index.js";
import { parameterRules } from "../spec-entry.js";

export const EXPLAIN_TOOL = "explain_token";

const stringMap = {
  type: "object",
  additionalProperties: { type: ["string", "number", "boolean", "null"] },
} as const;

/** What `tools/list` says of `explain_token`. */
export const explainToolDefinition: Tool = {
  name: EXPLAIN_TOOL,
  description:
    "Why a Stacks token's metadata or image is missing, stale or pending, and what to do. Asks the Token Metadata API, then fetches the token's URI and image itself (read-only), as the indexer would. Answers { verdict: ok | pending | problem | unchecked (a step this machine could not check), findings (code, level, message, evidence), fixes (who can act, what to do, sources) }.",
  inputSchema: {
    type: "object",
    properties: {
      kind: {
        type: "string",
        enum: [...TOKEN_KINDS],
        description:
          "The token's standard: ft (SIP-010 fungible), nft (SIP-009) or sft (SIP-013 semi-fungible).",
      },
      principal: {
        ...parameterRules.principal,
        description:
          "The token's contract principal: an upper-case c32 Stacks address, a dot, a contract name (e.g. SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys).",
      },
      token_id: {
        ...parameterRules.token_id,
        maximum: Number.MAX_SAFE_INTEGER,
        description:
          "Token id within the contract (up to 2^53-1): required for nft and sft, left out for ft.",
      },
      locale: {
        ...parameterRules.locale,
        description: "Metadata locale to ask for, e.g. es-MX. Default: the token's own.",
      },
      token_uri: {
        type: "string",
        description:
          "A token URI to check when the service gives none (a token not indexed, pending or in error); {id} is substituted.",
      },
    },
    required: ["kind", "principal"],
    additionalProperties: false,
  },
  outputSchema: {
    type: "object",
    required: ["verdict", "findings", "fixes"],
    properties: {
      verdict: { type: "string", enum: [...VERDICTS] },
      findings: {
        type: "array",
        items: {
          type: "object",
          required: ["code", "level", "message", "evidence"],
          properties: {
            code: { type: "string", enum: [...FINDING_CODES] },
            level: { type: "string", enum: [...FINDING_LEVELS] },
            message: { type: "string" },
            evidence: stringMap,
          },
        },
      },
      fixes: {
        type: "array",
        items: {
          type: "object",
          required: ["audience", "codes", "text", "sources"],
          properties: {
            audience: { type: "string", enum: [...FIX_AUDIENCES] },
            codes: { type: "array", items: { type: "string" } },
            text: { type: "string" },
            sources: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
  },
  annotations: {
    title: "Explain a token's missing metadata",
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
};

/** The doctor's options the server sets: each fetch to the token's host gets this long, in ms. */
export interface ExplainSettings {
  hostTimeoutMs: number;
  signal: AbortSignal;
  /** The fetch for the token's URI and image (the mock's, under `--mock`); default the doctor's own. */
  fetch?: typeof fetch | undefined;
}

const isKind = (value: unknown): value is TokenKind => TOKEN_KINDS.some((kind) => kind === value);

/** `args[name]` when it is a string or absent; anything else is refused by name. */
function text(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  if (value === undefined || typeof value === "string") return value;
  throw new HiroValidationError(name, `must be a string; got ${value === null ? "null" : typeof value}`);
}

/**
 * Runs the doctor on the tool's arguments. A refused argument is a {@link HiroValidationError} naming
 * it (the doctor's own checks name `principal` and `token_id` as the tool does).
 */
export function explainToken(
  client: LookupClient,
  args: Record<string, unknown>,
  settings: ExplainSettings,
): Promise<Diagnosis> {
  const { kind, token_id } = args;
  if (!isKind(kind)) throw new HiroValidationError("kind", 'must be "ft", "nft" or "sft"');
  const principal = text(args, "principal");
  if (principal === undefined) throw new HiroValidationError("principal", "is required");
  if (token_id !== undefined && typeof token_id !== "number" && typeof token_id !== "string")
    throw new HiroValidationError("token_id", "must be an integer (or a decimal string)");
  const locale = text(args, "locale");
  const tokenUri = text(args, "token_uri");
  const options: DiagnoseOptions = {
    ...(locale === undefined ? {} : { locale }),
    ...(tokenUri === undefined ? {} : { tokenUri }),
    timeoutMs: settings.hostTimeoutMs,
    signal: settings.signal,
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
  };
  return diagnoseToken(client, { kind, principal, ...(token_id === undefined ? {} : { token_id }) }, options);
}
