/**
 * An injected `fetch` for unit tests: no global mocks, no network. Each call is recorded and answered
 * by the handler, which gets the Request (and its signal, so it can wait for an abort).
 */
export type Handler = (request: Request, call: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  requests: Request[];
}

export function fakeFetch(handler: Handler): FakeFetch {
  const requests: Request[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // What fetch itself would send: the input, with the init's fields (signal, redirect, headers) applied.
    const request = new Request(input, init);
    requests.push(request);
    return handler(request, requests.length);
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** A response that never comes: resolves only by rejecting when the request is aborted. */
export function never(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });
}

export const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
export const TX_ID = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";
export const ORDINAL = 1252201400444387;

/** A local base URL for injected-fetch tests: every service is routed there (Hiro hosts only metadata). */
export const LOCAL = "http://127.0.0.1:3999";

/** The empty page a service gives for `request`: its offset and limit echoed, as the client checks. */
export function emptyPageFor(request: Request) {
  const query = new URL(request.url).searchParams;
  return {
    limit: Number(query.get("limit") ?? 20),
    offset: Number(query.get("offset") ?? 0),
    total: 0,
    results: [],
  };
}

/** A handler answering every request with {@link emptyPageFor} it. */
export const emptyPage = (request: Request): Response => json(emptyPageFor(request));
