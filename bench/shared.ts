/**
 * What the bench server and the bench runner agree on: the routes' ordinals, how a record's id encodes
 * its index (so order, gaps and duplicates can be checked), and the statistics helpers. No file reads
 * here: bench/memory-child.ts is bundled and run from a temporary directory.
 */
/** Ordinal of the fixed 60-record page (latency runs): always records 0..limit-1, no added delay. */
export const FIXED_ORDINAL = 1252201400444387;
/**
 * Ordinal of the long paged list (paging runs): `total` records, each page after the added delay. Any sat
 * but FIXED_ORDINAL; this one carries inscription #1 on mainnet.
 */
export const PAGED_ORDINAL = 727624168684699;
/** Records in the paged list. */
export const PAGED_TOTAL = 100_000;
/** Records per page: the service's maximum. */
export const PAGE_SIZE = 60;
export const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
export const TOKEN_ID = 35;

/** Index of a record from its id (`<tx id>i0`, the tx id being the index in hex). */
export const indexOfId = (id: string): number => Number.parseInt(id.slice(0, 64), 16);

/** Value at quantile `q` (0..1) of an ascending array, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}
export const sortNumbers = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);
export const median = (values: readonly number[]): number => quantile(sortNumbers(values), 0.5);
