/**
 * The test of every whole-number option and parameter (counts, sizes, limits, page sizes): each caller
 * keeps its own message, naming the option and what is allowed.
 */

/** Whether `value` is a whole number (a safe integer) from `min` to `max`, both included. */
export const isWholeNumber = (
  value: unknown,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min && value <= max;
