/**
 * The mock of `npm start` and `npm run mock`: Prism serving a snapshot file, behind the mock's front
 * (src/mock/front.ts: it answers about the question asked) on the fixed port. Prism reloads the snapshot by itself when it changes (~1.4 s), but it
 * closes its server to do so; the front holds requests across that gap (retrying the connection),
 * so clients never see a refused connection during a rebuild.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createMockFront } from "../../src/mock/front.js";
import { type RunningPrism, startPrism } from "../../src/mock/prism.js";
import { listen } from "./lifecycle.js";

const RETRY_FOR_MS = 10_000;
const RELOAD_TIMEOUT_MS = 10_000;

export interface LiveMockOptions {
  /** Port of the front; a taken port rejects with a message naming `HIRO_MOCK_PORT`. */
  port: number;
  /** The snapshot file Prism serves; {@link LiveMock.update} rewrites it. */
  snapshot: string;
  dynamic?: boolean;
  seed?: number;
  /** Prism's own log lines (warnings), minus its reload chatter and our readiness probes. */
  log?: (line: string) => void;
}

export interface LiveMock {
  /** `http://127.0.0.1:<port>` of the front. */
  url: string;
  port: number;
  /** Writes `spec` to the snapshot and resolves once Prism serves it; `false` when it was unchanged. */
  update(spec: string): Promise<boolean>;
  /** Called if Prism exits without {@link LiveMock.stop}. */
  onCrash(listener: (code: number | null) => void): void;
  stop(): Promise<void>;
}

/** Starts the front on `options.port` (first, so a taken port fails fast), then Prism on a free port. */
export async function startLiveMock(options: LiveMockOptions): Promise<LiveMock> {
  const host = "127.0.0.1";
  let backend = 0;
  const front = createMockFront({ host, backendPort: () => backend, holdForMs: RETRY_FOR_MS });
  const port = await listen(front, options.port, host, "Mock API", "HIRO_MOCK_PORT");

  let reloaded: (() => void) | undefined;
  let prism: RunningPrism;
  try {
    prism = await startPrism({
      port: 0,
      specPath: options.snapshot,
      ...(options.dynamic ? { dynamic: true } : {}),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      log: (line) => {
        // Prism logs "Starting Prism…" when it re-creates its server after the file changed.
        if (line.includes("Starting Prism")) return void reloaded?.();
        if (!line.includes("/__ready")) options.log?.(line);
      },
    });
  } catch (error) {
    front.close();
    throw error;
  }
  backend = prism.port;
  let stopped = false;
  const crashListeners: Array<(code: number | null) => void> = [];
  prism.process.once("exit", (code) => {
    if (!stopped) for (const listener of crashListeners) listener(code);
  });

  const answers = async (): Promise<boolean> => {
    try {
      await (
        await fetch(`http://${host}:${backend}/__ready`, { signal: AbortSignal.timeout(1_000) })
      ).arrayBuffer();
      return true;
    } catch {
      return false;
    }
  };

  return {
    url: `http://${host}:${port}`,
    port,
    async update(spec) {
      if (readFileSync(options.snapshot, "utf8") === spec) return false;
      const restarted = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error("Prism did not reload the snapshot in 10 s")),
          RELOAD_TIMEOUT_MS,
        );
        reloaded = () => {
          clearTimeout(timer);
          reloaded = undefined;
          resolve();
        };
      });
      writeFileSync(options.snapshot, spec);
      await restarted;
      while (!(await answers())) await new Promise((resolve) => setTimeout(resolve, 25));
      return true;
    },
    onCrash: (listener) => void crashListeners.push(listener),
    async stop() {
      stopped = true;
      await prism.stop();
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        front.closeAllConnections();
      });
    },
  };
}
