/**
 * The mock of `npm start` and `npm run mock`: the package's mock (src/mock-server: the front on the
 * fixed port, Prism behind it) serving a snapshot of the spec being edited. Prism reloads the snapshot
 * by itself when it changes (~1.4 s) and the front holds requests meanwhile; the rules follow: they are
 * rebuilt from the snapshot's examples, so the mock answers the spec it serves, not the one generated.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import { type AnswerFor, createAnswerFor } from "../../src/mock/index.js";
import { type RunningMock, startMock } from "../../src/mock-server/mock.js";
import { mockExampleTable } from "./mock-examples.js";

const RELOAD_TIMEOUT_MS = 10_000;

export interface LiveMockOptions {
  /** Port of the front; a taken port rejects with a message naming `HIRO_MOCK_PORT`. */
  port: number;
  /** The snapshot file Prism serves; {@link LiveMock.update} rewrites it. */
  snapshot: string;
  /** Prism's own log lines (warnings), minus its reload chatter and the readiness probes. */
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

/** The mock's rules over the examples of a spec's text. Throws when its examples contradict each other. */
export const rulesOf = (spec: string): AnswerFor => createAnswerFor(mockExampleTable(parse(spec) as object));

/** Starts the mock on `options.port` (the front first, so a taken port fails fast), Prism on a free port. */
export async function startLiveMock(options: LiveMockOptions): Promise<LiveMock> {
  let reloaded: (() => void) | undefined;
  const mock: RunningMock = await startMock({
    port: options.port,
    specPath: options.snapshot,
    rules: rulesOf(readFileSync(options.snapshot, "utf8")),
    log: (line) => {
      // Prism logs "Starting Prism…" when it re-creates its server after the file changed.
      if (line.includes("Starting Prism")) return void reloaded?.();
      if (!line.includes("/__ready")) options.log?.(line);
    },
  });
  let stopped = false;
  const crashListeners: Array<(code: number | null) => void> = [];
  mock.prism.process.once("exit", (code) => {
    if (!stopped) for (const listener of crashListeners) listener(code);
  });
  const answers = async (): Promise<boolean> => {
    try {
      await (await fetch(`${mock.prism.url}/__ready`, { signal: AbortSignal.timeout(1_000) })).arrayBuffer();
      return true;
    } catch {
      return false;
    }
  };

  return {
    url: mock.url,
    port: mock.port,
    async update(spec) {
      if (readFileSync(options.snapshot, "utf8") === spec) return false;
      const rules = rulesOf(spec); // before the snapshot changes: examples that contradict stop here
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
      mock.setRules(rules);
      return true;
    },
    onCrash: (listener) => void crashListeners.push(listener),
    async stop() {
      stopped = true;
      await mock.stop();
    },
  };
}
