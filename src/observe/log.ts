/**
 * The client's log (issue 28): `logLevel` and `logger` as openai-node has them, and `HIRO_LOG` in Node.
 * Each level is a function only when it is on, so a call site with logging off costs one property read
 * (`settings.log?.debug`) and builds no record. Records are a message and a plain object; URLs in them
 * have no user or password, and no record ever holds a header (the API key travels in one).
 */
import { HiroValidationError } from "../errors/errors.js";

/** How much the client logs: `"off"` (default), `"error"`, `"warn"`, `"info"` or `"debug"`. */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** Where records go: any object with these four methods (`console`, pino, winston…). */
export interface Logger {
  error(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  debug(message: string, ...rest: unknown[]): void;
}

/** One level's sink: a message and its structured record. */
export type LogSink = (message: string, record: Readonly<Record<string, unknown>>) => void;

/** The levels that are on, each as a sink; a level that is off is absent. */
export interface Log {
  error?: LogSink | undefined;
  warn?: LogSink | undefined;
  info?: LogSink | undefined;
  debug?: LogSink | undefined;
}

const LEVELS = ["off", "error", "warn", "info", "debug"] as const;
const METHODS = LEVELS.slice(1) as readonly Exclude<LogLevel, "off">[];

/**
 * `HIRO_LOG` in Node (and runtimes with `process.env`); undefined when empty (an empty variable is an
 * unset one), elsewhere, and where reading the environment is not allowed (Deno without `--allow-env`
 * throws on any `process.env` read).
 */
function envLevel(): string | undefined {
  try {
    return (
      (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.HIRO_LOG ||
      undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * The client's log from its options: `logLevel`, else `HIRO_LOG`, else off. Undefined when off, so the
 * transport skips every record with one check. Throws {@link HiroValidationError} on an unknown level.
 */
export function logOf(level: unknown, logger: Logger | undefined): Log | undefined {
  const name = level === undefined ? "HIRO_LOG" : "logLevel";
  const given = level ?? envLevel() ?? "off";
  const rank = LEVELS.indexOf(given as LogLevel);
  if (rank < 0) {
    throw new HiroValidationError(
      name,
      `must be one of ${LEVELS.join(", ")}; got ${String(given).slice(0, 40)}`,
    );
  }
  if (rank === 0) return undefined;
  const out: Logger = logger ?? console;
  for (const method of METHODS) {
    if (typeof out?.[method] !== "function") {
      throw new HiroValidationError(
        "logger",
        `must have debug, info, warn and error methods; ${method} is missing`,
      );
    }
  }
  const log: Log = {};
  for (const method of METHODS.slice(0, rank)) {
    log[method] = logger
      ? (message, record) => out[method](`hiro-lookup: ${message}`, record)
      : // The console prints an object over several lines: a record there is one line, its JSON after the message.
        (message, record) => out[method](`hiro-lookup: ${message} ${JSON.stringify(record)}`);
  }
  return log;
}

/** A URL as a record shows it: without a user or password. */
export function shownUrl(url: URL | string): string {
  const copy = new URL(url);
  copy.username = "";
  copy.password = "";
  return copy.href;
}
