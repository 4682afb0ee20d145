/**
 * Server text on its way into a CLI message or a table cell: control characters (terminal escapes,
 * CR/LF, NUL, bidi overrides) removed, whitespace collapsed, cut to a length a reader can take in.
 * The CLI's own copy: it uses the library through its public entry only, as a separate package would.
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

/** `text` wrapped into lines of at most `width` characters, at spaces where it can, else mid-word. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    let rest = word;
    while (rest.length > 0) {
      const room = current === "" ? width : width - current.length - 1;
      if (rest.length <= room) {
        current = current === "" ? rest : `${current} ${rest}`;
        rest = "";
      } else if (current !== "") {
        lines.push(current);
        current = "";
      } else {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
    }
  }
  if (current !== "" || lines.length === 0) lines.push(current);
  return lines;
}

/** `value` as JSON for a message; a value nested too deeply for `JSON.stringify` is named, never thrown. */
export function jsonForMessage(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "missing";
  } catch (error) {
    if (error instanceof RangeError) return "(a value nested too deeply to show)";
    throw error;
  }
}
