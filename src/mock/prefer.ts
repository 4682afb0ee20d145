/**
 * `Prefer: code=<status>, example=<name>`, as Prism reads it: the named example of the operation, or its
 * first example of that status, whatever the request asked. Pure.
 */
import type { MockExample } from "./types.js";

/** What a `Prefer` header asks for: a status, an example's name, or both. */
export interface Preference {
  code?: number;
  example?: string;
}

/** The `code=` and `example=` of a `Prefer` header; undefined when it names neither. */
export function preferenceOf(header: string | undefined): Preference | undefined {
  if (header === undefined) return undefined;
  const preference: Preference = {};
  for (const part of header.split(/[,;]/)) {
    const [name, value] = part.split("=").map((text) => text.trim());
    if (!value) continue;
    if (name === "code" && /^\d{3}$/.test(value)) preference.code = Number(value);
    if (name === "example") preference.example = value;
  }
  return preference.code === undefined && preference.example === undefined ? undefined : preference;
}

/** The example `preference` picks among `examples`, or undefined when none fits. */
export function preferredExample(
  examples: readonly MockExample[],
  preference: Preference,
): MockExample | undefined {
  return examples.find(
    (example) =>
      (preference.example === undefined || example.name === preference.example) &&
      (preference.code === undefined || example.status === preference.code),
  );
}
