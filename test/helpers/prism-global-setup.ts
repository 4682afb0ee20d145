import type { TestProject } from "vitest/node";
import { type RunningMock, startMock } from "../../src/mock-server/mock.js";
import { type LiveTarget, liveTargetOf } from "./live-run.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the static-mode Prism mock of openapi.yaml, in the projects that use this setup. */
    prismUrl: string;
    /**
     * Base URL of the mock as users meet it (`--mock`, `hiro-lookup mock`, `npm start`): the front that
     * answers by the mock's rules, before the same Prism.
     */
    mockUrl: string;
    /** `true` on the opt-in live contract run (`HIRO_LIVE_*` set): the contract suite calls `liveTarget`. */
    liveRun: boolean;
    /** Where the live contract run goes (see `liveTargetOf`); `null` on the usual run. */
    liveTarget: LiveTarget | null;
  }
}

/**
 * The one Prism of a vitest run. Every project that lists this setup (contract, e2e) runs it, each
 * with its own module instance, so the shared state lives on globalThis: the first project starts
 * Prism, the last teardown stops it.
 */
const SHARED = Symbol.for("hiro-lookup.prism-global-setup");
interface Shared {
  mock: Promise<RunningMock>;
  users: number;
}
const holder = globalThis as { [SHARED]?: Shared };

/**
 * Vitest global setup: starts the mock as the CLI does (src/mock-server: the front on a free port, one
 * static-mode Prism of openapi.yaml behind it) and provides Prism's own URL as `prismUrl` (the contract under
 * test) and the front's as `mockUrl` (the mock's rules); the returned teardown stops both. With `HIRO_LIVE_BASE_URL` or a per-service
 * `HIRO_LIVE_*_URL` set (opt-in live contract run), that target is provided as `liveTarget`, with
 * `liveRun: true`. The CLI's `HIRO_BASE_URL` is not read here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const live = liveTargetOf(process.env);
  project.provide("liveTarget", live);
  project.provide("liveRun", live !== null);
  holder[SHARED] ??= { mock: startMock({ port: 0 }), users: 0 };
  const shared = holder[SHARED];
  shared.users++;
  const mock = await shared.mock;
  project.provide("prismUrl", mock.prism.url);
  project.provide("mockUrl", mock.url);
  return async () => {
    if (--shared.users > 0) return;
    delete holder[SHARED];
    await (await shared.mock).stop();
  };
}
