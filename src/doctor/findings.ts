/**
 * What the doctor reports: stable finding codes (documented in docs/guide.md, "When metadata is missing"),
 * each with how much it matters, and the shape of a diagnosis.
 */

/** Every finding code, in the order a diagnosis meets them. Stable: scripts may switch on them. */
export const FINDING_CODES = [
  "indexed_ok",
  "not_indexed",
  "wrong_kind",
  "metadata_pending",
  "token_error",
  "metadata_incomplete",
  "locale_missing",
  "uri_ok",
  "uri_unsupported",
  "uri_private_address",
  "uri_not_reached",
  "uri_unreachable",
  "uri_rate_limited",
  "uri_bot_challenge",
  "uri_too_large",
  "not_json",
  "not_sip016",
  "image_ok",
  "image_missing",
  "image_private_address",
  "image_not_reached",
  "image_unreachable",
  "image_not_image",
  "image_too_large",
] as const;

/** A finding's code. */
export type FindingCode = (typeof FINDING_CODES)[number];

/**
 * `ok`: checked and fine; `wait`: nothing to fix yet; `problem`: something to fix; `unchecked`: the doctor
 * could not check it from here (this machine could not reach the host, or the address is private and
 * `allowPrivateNetwork` is off), which says nothing about the token.
 */
export const FINDING_LEVELS = ["ok", "wait", "problem", "unchecked"] as const;
/** One of {@link FINDING_LEVELS}. */
export type FindingLevel = (typeof FINDING_LEVELS)[number];

/** How much each code matters. */
export const LEVEL_OF: Readonly<Record<FindingCode, FindingLevel>> = {
  indexed_ok: "ok",
  not_indexed: "problem",
  wrong_kind: "problem",
  metadata_pending: "wait",
  token_error: "problem",
  metadata_incomplete: "problem",
  locale_missing: "problem",
  uri_ok: "ok",
  uri_unsupported: "problem",
  uri_private_address: "unchecked",
  uri_not_reached: "unchecked",
  uri_unreachable: "problem",
  uri_rate_limited: "problem",
  uri_bot_challenge: "problem",
  uri_too_large: "problem",
  not_json: "problem",
  not_sip016: "problem",
  image_ok: "ok",
  image_missing: "problem",
  image_private_address: "unchecked",
  image_not_reached: "unchecked",
  image_unreachable: "problem",
  image_not_image: "problem",
  image_too_large: "problem",
};

/** One thing the doctor established, with what it saw. */
export interface Finding {
  code: FindingCode;
  /** How much it matters: a refresh in progress (`metadata_incomplete` with metadata) is a `wait`. */
  level: FindingLevel;
  /** One line for a person, free of control characters. */
  message: string;
  /** What was seen: a status, a header, a URL, a field (strings cut and stripped of control characters). */
  evidence: Record<string, string | number | boolean | null>;
}

/** A finding as a check makes it; the doctor gives it its level. */
export type Observation = Omit<Finding, "level">;

/** `observation` with its level. */
export function leveled(observation: Observation): Finding {
  const refreshing = observation.code === "metadata_incomplete" && observation.evidence.refreshing === true;
  return { ...observation, level: refreshing ? "wait" : LEVEL_OF[observation.code] };
}

/** Who can act on a fix. */
export const FIX_AUDIENCES = ["contract_owner", "host", "self_hoster", "everyone"] as const;
/** One of {@link FIX_AUDIENCES}. */
export type FixAudience = (typeof FIX_AUDIENCES)[number];

/** A remedy, with where it is documented. */
export interface Fix {
  audience: FixAudience;
  /** The findings it answers. */
  codes: FindingCode[];
  text: string;
  /** Where the remedy is documented (URLs). */
  sources: string[];
}

/**
 * `ok`: the token's metadata is there and sound; `pending`: wait; `problem`: see the findings and fixes;
 * `unchecked`: nothing wrong was found, but a step could not be checked from here (see its finding).
 */
export const VERDICTS = ["ok", "pending", "problem", "unchecked"] as const;
/** One of {@link VERDICTS}. */
export type Verdict = (typeof VERDICTS)[number];

/** What {@link diagnoseToken} returns. */
export interface Diagnosis {
  verdict: Verdict;
  findings: Finding[];
  fixes: Fix[];
}

/** The verdict of `findings`: a problem wins over an unchecked step, that over a wait, a wait over ok. */
export function verdictOf(findings: readonly Finding[]): Verdict {
  const levels = new Set(findings.map((finding) => finding.level));
  if (levels.has("problem")) return "problem";
  if (levels.has("unchecked")) return "unchecked";
  return levels.has("wait") ? "pending" : "ok";
}
