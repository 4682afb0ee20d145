import type { TestProject } from "vitest/node";
import { startPrism } from "../../scripts/lib/prism.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL the contract tests call: a static-mode Prism mock, or `HIRO_BASE_URL` on a live run. */
    prismUrl: string;
    /** `true` when `HIRO_BASE_URL` is set: tests hit a real service and Prism is not started. */
    liveRun: boolean;
  }
}

/**
 * Vitest global setup: starts one static-mode Prism mock of openapi.yaml on a free port and provides its
 * URL as `prismUrl`; the returned teardown stops it. With env `HIRO_BASE_URL` set (opt-in live contract
 * run), no Prism is started and that URL is provided instead, with `liveRun: true`.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const live = process.env.HIRO_BASE_URL;
  if (live !== undefined && live !== "") {
    project.provide("prismUrl", live.replace(/\/+$/, ""));
    project.provide("liveRun", true);
    return undefined;
  }
  const prism = await startPrism({ port: 0 });
  project.provide("prismUrl", prism.url);
  project.provide("liveRun", false);
  return () => prism.stop();
}
