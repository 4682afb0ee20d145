import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startPrism } from "../../src/mock-server/prism.js";

/** Resolves `true` if something accepts a TCP connection on 127.0.0.1:port, `false` if refused. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("startPrism / stop", () => {
  it("starts on a free port, answers HTTP, and leaves no process or listener after stop()", async () => {
    const prism = await startPrism({ port: 0 });
    expect(prism.port).toBeGreaterThan(0);
    expect(prism.url).toBe(`http://127.0.0.1:${prism.port}`);
    expect(await accepts(prism.port)).toBe(true);
    const res = await fetch(`${prism.url}/__ready`);
    expect(res.status).toBe(404); // Prism's problem+json for an unknown path: it is listening
    await res.arrayBuffer();

    await prism.stop();
    expect(prism.process.exitCode !== null || prism.process.signalCode !== null).toBe(true);
    expect(await accepts(prism.port)).toBe(false);
    await prism.stop(); // idempotent
  });

  it("rejects a fixed port that is already taken instead of talking to the other server", async () => {
    // Another server on the port, one that answers any path (Prism's readiness probe included).
    const other = createServer((_, response) => response.end("not Prism"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = other.address() as AddressInfo;
      await expect(startPrism({ port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
