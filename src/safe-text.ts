/**
 * Server text and user values on their way into an error message: control characters (terminal
 * escapes, CR/LF, NUL, bidi overrides) removed, whitespace collapsed, and cut to a length a reader can
 * take in. Slicing comes first, so a huge body costs no more than its first few kilobytes.
 */

/** C0/C1 controls, DEL, and the Unicode format characters that reorder or hide text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/** `text` as one printable line of at most `max` characters (an ellipsis marks a cut). */
export function printable(text: string, max = 200): string {
  const line = text
    .slice(0, max * 4)
    .replace(CONTROL, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
