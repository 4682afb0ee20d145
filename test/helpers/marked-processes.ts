/**
 * Finds the processes a test started, by a marker in their environment (children inherit it), so a
 * test can tell its own Prism from the others running on the same machine. Linux only (/proc).
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

/** A fresh marker: pass `{ [MARKER_VARIABLE]: marker }` in the environment of the process under test. */
export const MARKER_VARIABLE = "HIRO_LOOKUP_TEST_MARKER";
export const newMarker = (): string => randomUUID();

/** PIDs of live processes whose environment carries `marker` and whose command line contains `word`. */
export function markedProcesses(marker: string, word: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, "latin1");
      if (!environ.includes(`${MARKER_VARIABLE}=${marker}`)) continue;
      const status = readFileSync(`/proc/${entry}/stat`, "latin1");
      if (/\) Z /.test(status)) continue; // a zombie has exited
      if (readFileSync(`/proc/${entry}/cmdline`, "latin1").includes(word)) found.push(Number(entry));
    } catch {} // gone meanwhile, or not ours to read
  }
  return found;
}
