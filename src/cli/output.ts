/**
 * What the lookups print. Every value goes through JSON.stringify, which escapes the C0 controls
 * (ESC, CR, …) in server strings; the controls JSON leaves raw (DEL, C1 such as U+009B, a CSI on some
 * terminals) and the characters that reorder or hide text are escaped too, so nothing a server sends
 * reaches a terminal raw. Those characters only occur inside JSON strings, so the output stays JSON.
 */

import { HiroError } from "../index.js";

const RAW_IN_JSON = /[\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** JSON.stringify, with a value nested deeper than it can go refused as the service's odd answer. */
function stringify(value: unknown, pretty: boolean): string {
  try {
    return JSON.stringify(value, null, pretty ? 2 : undefined);
  } catch (error) {
    // A RangeError (call stack): a hostile body can nest arrays thousands deep. Exit 5, not "network".
    if (error instanceof RangeError)
      throw new HiroError("the answer is nested too deeply to print as JSON (the service sent an odd body)");
    throw error;
  }
}

/** `value` as JSON text that is safe for a terminal; `pretty` indents by 2. */
export function jsonText(value: unknown, pretty = false): string {
  return stringify(value, pretty).replace(
    RAW_IN_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Writes items one per line (NDJSON), or as one JSON array that is closed only by `end()`. */
export function itemWriter(write: (text: string) => unknown, asArray: boolean) {
  let count = 0;
  return {
    item(value: unknown) {
      // The array is opened with its first item: an error before any item leaves stdout empty.
      if (asArray) write(`${count === 0 ? "[" : ",\n"}${jsonText(value)}`);
      else write(`${jsonText(value)}\n`);
      count++;
    },
    /** Closes the array (`[]` when there was no item); nothing for NDJSON. Not called on a failure. */
    end() {
      if (asArray) write(count === 0 ? "[]\n" : "]\n");
    },
    get count() {
      return count;
    },
  };
}
