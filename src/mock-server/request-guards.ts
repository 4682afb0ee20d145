/**
 * What every mock server does before it answers: the request's URL checked (an origin-form target whose
 * path decodes), its body capped, a refusal answered in Fastify's words without ending the process, and
 * the port taken, or refused by name.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { badUrlBody } from "../mock/index.js";

/** The largest request body a mock holds: the services take none (every lookup is a GET). */
const MAX_BODY_BYTES = 64 * 1024;

/** The port a mock could not take; the message names it and the variable that moves it. */
export class MockPortError extends Error {
  override name = "MockPortError";
}

/** A request a mock answers itself, before any rule: its status and the service's words. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

/**
 * The request's URL, checked: an origin-form target (`/…`) that parses, whose path decodes. Anything
 * else (`//`, `http://[::1/`, `*`, a broken %-escape such as `/sft/%/1`, which killed Prism) is a
 * {@link Refusal}: a 400 in Fastify's words, as upstream answers it.
 */
export function checkedUrl(req: IncomingMessage): URL {
  const target = req.url ?? "";
  let url: URL | undefined;
  try {
    url = target.startsWith("/") && !target.startsWith("//") ? new URL(`http://mock${target}`) : undefined;
  } catch {}
  if (url === undefined) {
    throw new Refusal(400, { statusCode: 400, error: "Bad Request", message: "invalid request-target" });
  }
  try {
    decodeURIComponent(url.pathname);
  } catch {
    throw new Refusal(400, badUrlBody(url.pathname));
  }
  return url;
}

/** The request's body, up to {@link MAX_BODY_BYTES}; a larger one is a 413 {@link Refusal}. */
export async function bodyOfRequest(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  const tooLarge = new Refusal(413, {
    statusCode: 413,
    error: "Payload Too Large",
    message: `the mock takes request bodies of at most ${MAX_BODY_BYTES} bytes`,
  });
  if (declared > MAX_BODY_BYTES) throw tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw tooLarge;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Answers `error` (a {@link Refusal}, else a 400) if the client still listens; then closes the connection. */
export function refuse(res: ServerResponse, error: unknown): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  const { status, body } =
    error instanceof Refusal
      ? error
      : { status: 400, body: { statusCode: 400, error: "Bad Request", message: "unreadable request" } };
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    connection: "close",
  });
  res.end(text);
}

/**
 * Listens on `host:port` and resolves with the port bound (`0`: the one the OS picked, no race); a taken
 * port rejects with a {@link MockPortError} naming it and `portVariable`, the way to move it.
 */
export async function listenOn(
  server: Server,
  port: number,
  host: string,
  portVariable = "HIRO_MOCK_PORT",
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EADDRINUSE" && error.code !== "EACCES") return reject(error);
      reject(
        new MockPortError(
          `Mock API: port ${port} on ${host} is not available (${error.code}). Stop the process ` +
            `that holds it (e.g. an earlier npm start or hiro-lookup mock), or choose another port: ` +
            `${portVariable}=<port>.`,
        ),
      );
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}
