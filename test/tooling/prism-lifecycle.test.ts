/**
 * The dev loop's Prism launcher: Prism takes its own port (`--port 0`) and reports it, so no port is handed
 * over between a probe and Prism's listen; after a reload of its spec it listens anew and reports again.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startPrism } from "../../src/mock-server/prism.js";
import { SPEC_PATH } from "../helpers/spec.js";

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

  it("follows Prism to the port it listens on after it reloads its spec", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hiro-prism-reload-"));
    const spec = join(dir, "openapi.yaml");
    copyFileSync(SPEC_PATH, spec);
    const prism = await startPrism({ port: 0, specPath: spec });
    try {
      const first = prism.port;
      // Prism watches its spec once it is up (no signal says when): edit it until it has reloaded. It
      // closes its server and listens again on a port of its own choosing, and says which.
      const original = readFileSync(spec, "utf8");
      for (let i = 0; i < 300 && prism.port === first; i++) {
        if (i % 20 === 0) writeFileSync(spec, `${original}\n# edit ${i}\n`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(prism.port).not.toBe(first);
      let status = 0;
      for (let i = 0; i < 100 && status === 0; i++) {
        const res = await fetch(`${prism.url}/__ready`).catch(() => undefined);
        await res?.arrayBuffer();
        status = res?.status ?? 0;
        if (status === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(404);
    } finally {
      await prism.stop();
      rmSync(dir, { recursive: true, force: true });
    }
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
