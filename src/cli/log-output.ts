/**
 * What the CLI says on stderr about what the client does (issue 28): the client's log records as
 * one line each (`--verbose`, `HIRO_LOG`), and on a terminal a one-line notice while a retry waits.
 * stdout stays the data alone.
 */
import type { Logger, RetryEvent } from "../index.js";
import type { CliIo } from "./io.js";
import { printable } from "./text.js";

/** The client's records as stderr lines: `hiro-lookup: <message> <record as JSON>`. */
export function stderrLogger(io: CliIo): Logger {
  const write = (message: string, record?: unknown) =>
    io.stderr.write(
      `${printable(`${message}${record === undefined ? "" : ` ${JSON.stringify(record)}`}`, 2000)}\n`,
    );
  return { debug: write, info: write, warn: write, error: write };
}

/** Waits shorter than this are not announced: they pass before anyone wonders. */
const NOTICE_FROM_MS = 1000;

/**
 * A one-line notice on a terminal while a retry waits (`rate limited; retry 1 in 26 s`), overwritten
 * by the next and cleared before anything else is written.
 */
export function waitNotice(io: CliIo) {
  let shown = false;
  const notice = {
    onRetry(event: RetryEvent) {
      if (event.delayMs < NOTICE_FROM_MS) return;
      const seconds = Math.ceil(event.delayMs / 1000);
      io.stderr.write(
        `\r\x1b[Khiro-lookup: ${printable(event.reason, 80)}; retry ${event.retry} in ${seconds} s…`,
      );
      shown = true;
      // The wait's end clears it, before the answer's data reaches the same terminal.
      (setTimeout(() => this.clear(), event.delayMs) as { unref?: () => void }).unref?.();
    },
    clear() {
      if (shown) io.stderr.write("\r\x1b[K");
      shown = false;
    },
  };
  notice.onRetry = notice.onRetry.bind(notice);
  return notice;
}
