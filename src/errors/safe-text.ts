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

/** One character as it may appear in a message: JSON's escapes, and `\uXXXX` for the controls JSON keeps. */
function escapeChar(char: string): string {
  const json = JSON.stringify(char).slice(1, -1);
  CONTROL.lastIndex = 0;
  return CONTROL.test(json) ? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}` : json;
}

/**
 * A user's value, quoted for a message: every character kept and visible (a trailing `\n` or a NUL
 * shows as its escape instead of vanishing), at most `max` characters between the quotes; a cut
 * value ends with an ellipsis and its length. Only the first `max + 1` characters are looked at.
 */
export function quoted(text: string, max = 80): string {
  let shown = "";
  for (const char of text.slice(0, max + 1)) {
    const escaped = escapeChar(char);
    if (shown.length + escaped.length > max) return `"${shown}…" (${text.length} characters)`;
    shown += escaped;
  }
  return `"${shown}"`;
}
