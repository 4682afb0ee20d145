/**
 * The dev loop's mock: the front on the public port and Prism behind it on a port Prism picks, with the
 * mock's rules. For `npm start` and `npm run mock` (which also swap the rules when the spec they serve
 * changes) and the contract tests, where Prism checks the spec; the mock an app developer runs needs no
 * Prism (rules-server.ts).
 */
import { type AnswerFor, answerFor } from "../mock/index.js";
import { type MockFront, startFront } from "./front.js";
import { type PrismControl, type RunningPrism, startPrism } from "./prism.js";

export interface MockOptions {
  /** The front's port; `0`: a free one. A taken port rejects with a `MockPortError`. */
  port: number;
  /** The variable that sets `port`, named when it is taken. Default `HIRO_MOCK_PORT`. */
  portVariable?: string;
  /** The spec Prism serves. Default: the package's openapi.yaml (whose examples the default rules are). */
  specPath?: string;
  /** The rules; default {@link answerFor}, from the generated examples of the package's spec. */
  rules?: AnswerFor;
  /** The user's project, where Prism is looked up first. */
  cwd?: string;
  /** Prism's own log lines. */
  log?: (line: string) => void;
  /** Called as soon as Prism is spawned, so a signal during its start can stop it. */
  onSpawn?: (control: PrismControl) => void;
}

/** A running mock. */
export interface RunningMock extends PrismControl {
  /** The front's URL, e.g. `http://127.0.0.1:4010`: the one to give clients. */
  url: string;
  port: number;
  prism: RunningPrism;
  /** Replaces the rules (after the spec Prism serves has changed). */
  setRules(rules: AnswerFor): void;
}

/** Starts the front first (so a taken port fails before Prism starts), then Prism. */
export async function startMock(options: MockOptions): Promise<RunningMock> {
  let rules = options.rules ?? answerFor;
  let prism: RunningPrism | undefined;
  const front: MockFront = await startFront({
    port: options.port,
    ...(options.portVariable ? { portVariable: options.portVariable } : {}),
    // Where Prism listens now: it reports its port again after each reload of its spec.
    backend: () => prism?.port ?? 0,
    rules: () => rules,
  });
  let started: RunningPrism;
  try {
    started = await startPrism({
      port: 0,
      ...(options.specPath ? { specPath: options.specPath } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.log ? { log: options.log } : {}),
      ...(options.onSpawn ? { onSpawn: options.onSpawn } : {}),
    });
  } catch (error) {
    await front.close();
    throw error;
  }
  prism = started;
  let stopping: Promise<void> | undefined;
  return {
    url: front.url,
    port: front.port,
    prism: started,
    setRules: (next) => {
      rules = next;
    },
    killNow: () => started.killNow(),
    stop: () => {
      stopping ??= Promise.all([started.stop(), front.close()]).then(() => undefined);
      return stopping;
    },
  };
}
