/** Server text on its way into a finding: one printable line, cut (see errors/safe-text.ts). */
import { printable } from "../internal.js";

/** `value` as evidence: strings stripped of control characters and cut to `max`, others as they are. */
export function shown(value: unknown, max = 200): string | number | boolean | null {
  if (typeof value === "string") return printable(value, max);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return value;
  if (value === undefined) return null;
  return printable(safeJson(value), max);
}

/** JSON of `value` for a message; a value too deep to stringify is named, never thrown. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "undefined";
  } catch {
    return "(a value that cannot be shown)";
  }
}
