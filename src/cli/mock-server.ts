/**
 * `--mock` and `hiro-lookup mock`: the Prism mock of the package's own openapi.yaml, as a child of the
 * CLI (src/mock/prism.ts: it dies with the CLI, even one killed by SIGKILL), behind the mock's front on
 * the public port (src/mock/front.ts: any valid id gets the service's answer). Prism is an optional peer
 * dependency: when it is missing, the error says the exact command that installs it.
 */
import { HiroValidationError } from "../index.js";
import { createMockFront } from "../mock/front.js";
import { bindablePort, findPrism, PRISM_INSTALL_HINT, startPrism } from "../mock/prism.js";

export { PRISM_INSTALL_HINT, PRISM_VERSION } from "../mock/prism.js";

/** How to end a started mock: gently, or at once. */
export interface MockControl {
  /** Resolves once Prism has exited and the front is closed. Idempotent. */
  stop(): Promise<void>;
  /** Kills Prism at once (SIGKILL), for `process.on("exit")`, where nothing async runs. */
  killNow(): void;
}

/** A running mock: its base URL, and how to end it. */
export interface MockServer extends MockControl {
  url: string;
}

export interface MockOptions {
  /** The user's project: Prism is looked up from here first. */
  cwd: string;
  /** The public port; 0: a free one. A taken port is refused, naming HIRO_MOCK_PORT. */
  port: number;
  /** Called as soon as Prism is spawned, before it is ready: a signal may come while it starts. */
  onSpawn?: (control: MockControl) => void;
}

/** Starts Prism on a free port and the front on `options.port`; resolves once both answer. */
export async function startMockServer(options: MockOptions): Promise<MockServer> {
  const prismEntry = findPrism(options.cwd);
  if (!prismEntry) {
    throw new HiroValidationError(
      "--mock",
      `needs @stoplight/prism-cli (an optional peer dependency), which is not installed: ${PRISM_INSTALL_HINT}`,
    );
  }
  const host = "127.0.0.1";
  const port = await bindablePort(host, options.port).catch((error: unknown) => {
    throw new HiroValidationError(
      "HIRO_MOCK_PORT",
      `cannot listen on ${host}:${options.port}: ${String(error)}`,
    );
  });
  const prism = await startPrism({ host, port: 0, prismEntry });
  const front = createMockFront({ host, backendPort: () => prism.port });
  const killNow = () => prism.process.kill("SIGKILL");
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      front.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => front.close(() => resolve())), prism.stop()]);
    })();
    return stopping;
  };
  options.onSpawn?.({ stop, killNow });
  try {
    await new Promise<void>((resolve, reject) => {
      front.once("error", reject);
      front.listen(port, host, () => resolve());
    });
  } catch (error) {
    await prism.stop();
    throw new HiroValidationError("HIRO_MOCK_PORT", `cannot listen on ${host}:${port}: ${String(error)}`);
  }
  return { url: `http://${host}:${port}`, stop, killNow };
}
