/**
 * Reading a response body in full under a size cap and a signal. The cap counts *decoded* bytes as they
 * arrive, so a small compressed body cannot expand into gigabytes, and an endless body stops at the cap.
 * A read is raced against the signal, so a stream that never ends and ignores cancel cannot hang.
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
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** A response whose body was read: the new Response, and the bytes it holds (none for a null body). */
export interface Buffered {
  response: Response;
  bytes: Uint8Array | ArrayBuffer | undefined;
}

/**
 * The response with its body read into memory (at most `maxBytes` decoded bytes), as a new Response
 * with the same status and headers, and those bytes. Null-body and opaque responses come back untouched.
 */
export async function bufferResponse(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffered> {
  const body = response.body;
  if (body === null) return { response, bytes: undefined };
  const encoding = response.headers.get("content-encoding");
  const length = Number(response.headers.get("content-length") ?? Number.NaN);
  let bytes: Uint8Array<ArrayBuffer> | ArrayBuffer;
  if ((encoding === null || encoding === "identity") && length >= 0) {
    // Identity-encoded with a declared length: the transport enforces it, so there is nothing to count.
    if (length > maxBytes) {
      body.cancel().catch(() => {});
      throw new BodyTooLargeError(maxBytes);
    }
    bytes = await raceAbort(response.arrayBuffer(), signal);
  } else {
    bytes = await readCounting(body, maxBytes, signal);
  }
  const copy = new Response(bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  return { response: copy, bytes };
}
