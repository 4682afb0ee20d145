import type { TestProject } from "vitest/node";
import { startPrism } from "../../scripts/lib/prism.js";
import { type LiveTarget, liveTargetOf } from "./live-run.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the static-mode Prism mock of openapi.yaml, on every run. */
    prismUrl: string;
    /** `true` on the opt-in live contract run (`HIRO_LIVE_*` set): the contract suite calls `liveTarget`. */
    liveRun: boolean;
    /** Where the live contract run goes (see `liveTargetOf`); `null` on the usual run. */
    liveTarget: LiveTarget | null;
  }
}

/**
 * Vitest global setup: starts one static-mode Prism mock of openapi.yaml on a free port and provides its
 * URL as `prismUrl`; the returned teardown stops it. With `HIRO_LIVE_BASE_URL` or a per-service
 * `HIRO_LIVE_*_URL` set (opt-in live contract run), that target is provided as `liveTarget`, with
 * `liveRun: true`. The CLI's `HIRO_BASE_URL` is not read here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const live = liveTargetOf(process.env);
  project.provide("liveTarget", live);
  project.provide("liveRun", live !== null);
  const prism = await startPrism({ port: 0 });
  project.provide("prismUrl", prism.url);
  return () => prism.stop();
}
