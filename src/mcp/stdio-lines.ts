/**
 * The lines of stdin before the SDK's stdio transport reads them: a line that is not JSON gets a JSON-RPC
 * parse error (-32700) on stdout, a JSON line that is not a JSON-RPC message an invalid request (-32600,
 * with its id when it has one), and a line past {@link MAX_LINE_BYTES} an invalid request, dropped to its
 * end, instead of the silence (or, past the transport's buffer, the end of the server) they met before.
 * A blank line is dropped; every other line passes through unchanged. Each answer is one whole line, written as the transport
 * writes its own.
 */
import { Transform, type TransformCallback } from "node:stream";

/** The longest line read, in bytes (as the HTTP server's body). */
export const MAX_LINE_BYTES = 1024 * 1024;

/** A JSON-RPC error frame (one line), for a line that was not read as a request. */
export function errorFrame(id: string | number | null, code: number, message: string): string {
  return `${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`;
}

/** The id of a JSON-RPC-looking value, when it has a usable one. */
function idOf(value: unknown): string | number | null {
  const id = typeof value === "object" && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

/** What is wrong with `line` as a JSON-RPC message, as an error frame; undefined when it may pass. */
function refusal(line: string, isMessage: (value: unknown) => boolean): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return errorFrame(null, -32700, "parse error: a line is not JSON (one JSON-RPC message per line)");
  }
  if (isMessage(value)) return undefined;
  return errorFrame(idOf(value), -32600, "invalid request: not a JSON-RPC 2.0 message");
}

/**
 * A stream of stdin's lines that answers the bad ones on `reply` itself. `isMessage` says whether a
 * parsed value is a JSON-RPC message (the SDK's own check).
 */
export function guardedLines(
  reply: (frame: string) => void,
  isMessage: (value: unknown) => boolean,
): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  let skipping = false;
  const line = (bytes: Buffer, out: Transform) => {
    const text = bytes.toString("utf8");
    if (text.trim() === "") return; // a blank line says nothing
    const refused = refusal(text, isMessage);
    if (refused === undefined) out.push(`${text}\n`);
    else reply(refused);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      let rest = chunk;
      for (let end = rest.indexOf(10); end !== -1; end = rest.indexOf(10)) {
        const head = rest.subarray(0, end);
        rest = rest.subarray(end + 1);
        if (skipping) skipping = false;
        else if (size + head.length > MAX_LINE_BYTES) reply(tooLong());
        else line(Buffer.concat([...pending, head]), this);
        pending = [];
        size = 0;
      }
      if (skipping || rest.length === 0) return done();
      if (size + rest.length > MAX_LINE_BYTES) {
        reply(tooLong());
        pending = [];
        size = 0;
        skipping = true;
      } else {
        pending.push(rest);
        size += rest.length;
      }
      done();
    },
  });
}

const tooLong = () => errorFrame(null, -32600, `invalid request: a line past ${MAX_LINE_BYTES} bytes`);
