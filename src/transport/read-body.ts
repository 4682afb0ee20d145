/**
 * Reading a response body in full under a size cap and a signal, inside the attempt (a body that fails
 * mid-read is retried like any network failure). The cap counts *decoded* bytes as they arrive, so a
 * small compressed body cannot expand into gigabytes and an endless body stops at the cap. A declared
 * `Content-Length` is trusted only where the caller says so (see {@link lengthIsTrusted}); elsewhere the
 * bytes are counted. A read is raced against the signal, so a stream that ignores cancel cannot hang.
 */

/** The body went past the cap; the read was stopped. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`the body is larger than ${maxBytes} bytes`);
  }
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The declared length of `response` when it can be trusted: the runtime's own fetch gave it
 * (`nativeFetch`; a custom fetch may understate it), every header is visible (type `default` or `basic`:
 * a browser hides `Content-Encoding` of a cross-origin answer but shows its compressed length), and the
 * body is not encoded. Undefined when the bytes must be counted instead.
 */
export function lengthIsTrusted(response: Response, nativeFetch: boolean): number | undefined {
  if (!nativeFetch || (response.type !== "default" && response.type !== "basic")) return undefined;
  const encoding = response.headers.get("content-encoding");
  if (encoding !== null && encoding !== "identity") return undefined;
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  return length >= 0 ? length : undefined;
}

/** Reads `body` chunk by chunk, counting, and stops past `maxBytes`. */
async function readCounting(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  // A reader loop, not async iteration: Safari cannot async-iterate a ReadableStream.
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await raceAbort(reader.read(), signal);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw new BodyTooLargeError(maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

const UTF8 = new TextDecoder();

/**
 * The body of `response` (at most `maxBytes` decoded bytes) as text or bytes: `text()`/`arrayBuffer()`
 * when its length is trusted and within the cap, a counting reader otherwise. Undefined for a null body.
 */
export async function readBody<As extends "text" | "bytes">(
  response: Response,
  as: As,
  maxBytes: number,
  nativeFetch: boolean,
  signal: AbortSignal,
): Promise<(As extends "text" ? string : Uint8Array<ArrayBuffer> | ArrayBuffer) | undefined> {
  type Out = As extends "text" ? string : Uint8Array<ArrayBuffer> | ArrayBuffer;
  const body = response.body;
  if (body === null) return undefined;
  const length = lengthIsTrusted(response, nativeFetch);
  if (length !== undefined) {
    if (length > maxBytes) {
      body.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    // The transport enforces a declared identity length: nothing to count. The runtime's own fetch
    // fails the read when the attempt's signal aborts, so there is no race to run either.
    return (as === "text" ? response.text() : response.arrayBuffer()) as Promise<Out>;
  }
  const bytes = await readCounting(body, maxBytes, signal);
  return (as === "text" ? UTF8.decode(bytes) : bytes) as Out;
}
