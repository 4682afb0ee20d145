/**
 * Whether metadata JSON is SIP-016 as the indexer reads it (stx-labs/token-metadata-api
 * `src/token-processor/util/metadata-helpers.ts`, `parseMetadataForInsertion`): an object, a string
 * `name` (a locale without one is skipped), an `image` at the top level (upstream also takes `image_url`,
 * `image_uri`, `imageUrl`, `image_canonical_uri`, none of them SIP-016), fields of the right types. A
 * document the indexer refuses whole (not an object, or no `name`) has no image it would read, so the
 * image is not checked: an `image_ok` there would be about a field the service ignores.
 * SIP-016: https://github.com/stacksgov/sips/blob/main/sips/sip-016/sip-016-token-metadata.md
 */
import { shown } from "./evidence.js";
import type { Observation } from "./findings.js";

/** The JSON's findings, and the image URI the indexer would take (none when it refuses the document). */
export interface MetadataJudgement {
  findings: Observation[];
  image?: string | undefined;
}

/** The image fields upstream reads, SIP-016's first. */
const IMAGE_FIELDS = ["image", "imageUrl", "image_url", "image_uri", "image_canonical_uri"] as const;

/** Field → the type SIP-016 gives it. */
const TYPES: ReadonlyArray<[string, "string" | "number" | "array" | "object"]> = [
  ["sip", "number"],
  ["name", "string"],
  ["description", "string"],
  ["image", "string"],
  ["attributes", "array"],
  ["properties", "object"],
  ["localization", "object"],
];

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  return value === null ? "null" : typeof value;
}

/** Judges `json` as SIP-016 metadata. */
export function judgeSip016(json: unknown): MetadataJudgement {
  if (typeOf(json) !== "object") {
    const message = `the metadata is JSON but not an object (${typeOf(json)})`;
    return { findings: [{ code: "not_sip016", message, evidence: { type: typeOf(json) } }] };
  }
  const metadata = json as Record<string, unknown>;
  const problems: string[] = [];
  if (metadata.name === undefined || metadata.name === "")
    problems.push("no name (SIP-016 requires one; the service skips metadata without it)");
  for (const [field, type] of TYPES) {
    const value = metadata[field];
    if (value !== undefined && typeOf(value) !== type)
      problems.push(`${field} is ${typeOf(value)}, SIP-016 says ${type}`);
  }
  const topImage = IMAGE_FIELDS.find(
    (field) => typeof metadata[field] === "string" && metadata[field] !== "",
  );
  const properties =
    typeOf(metadata.properties) === "object" ? (metadata.properties as Record<string, unknown>) : {};
  const nestedImage = IMAGE_FIELDS.find((field) => typeof properties[field] === "string");
  if (topImage === undefined && nestedImage !== undefined)
    problems.push(
      `the image is nested under properties.${nestedImage}; SIP-016 and the service read it at the top level as "image"`,
    );
  else if (topImage !== undefined && topImage !== "image")
    problems.push(
      `the image is in "${topImage}", not SIP-016's "image" (the service accepts it, other readers may not)`,
    );
  const findings: Observation[] = [];
  // Upstream's parseJsonMetadata throws without a `name`, and parseMetadataForInsertion skips a falsy one.
  const refused = !metadata.name;
  if (refused)
    problems.push(
      "the service refuses such a document whole: none of its fields is read, the image included",
    );
  if (problems.length > 0) {
    const evidence: Observation["evidence"] = {
      problems: problems.length,
      keys: shown(Object.keys(metadata).slice(0, 20).join(",")),
    };
    findings.push({
      code: "not_sip016",
      message: `the metadata is not SIP-016: ${problems.join("; ")}`,
      evidence,
    });
  }
  if (topImage === undefined) {
    const where = nestedImage ? `only under properties.${nestedImage}` : "in no field";
    const evidence = { nested: nestedImage ? shown(properties[nestedImage]) : null };
    findings.push({
      code: "image_missing",
      message: `the metadata has no top-level image (${where})`,
      evidence,
    });
    return { findings };
  }
  return refused ? { findings } : { findings, image: metadata[topImage] as string };
}
