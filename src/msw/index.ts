/**
 * `hiro-lookup/msw`: a test kit for apps built on `hiro-lookup`. {@link createHandlers} returns
 * [MSW](https://mswjs.io) request handlers that answer the three lookups as the package's mock does, for
 * `setupServer` (Node: vitest, jest) and `setupWorker` (the browser), with typed overrides for one test.
 * `msw` (2.10.5 or newer 2.x) is an optional peer dependency: only this entry imports it.
 * @packageDocumentation
 */
export { createHandlers } from "./handlers.js";
export type {
  CreateHandlersOptions,
  DocumentedBody,
  DocumentedStatus,
  LookupAnswer,
  LookupOverride,
  LookupOverrides,
  LookupRequest,
} from "./types.js";
