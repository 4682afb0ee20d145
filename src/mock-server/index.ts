/**
 * The mock server (Node only): Prism behind a front that answers by the mock's rules. The CLI and the dev
 * scripts use it; the browser-safe rules themselves are in `../mock/`.
 */
export { type FrontOptions, type MockFront, MockPortError, startFront } from "./front.js";
export { mockHints } from "./hints.js";
export { watchLaunchers } from "./launcher-watch.js";
export { type MockOptions, type RunningMock, startMock } from "./mock.js";
export {
  bindablePort,
  findPrism,
  PRISM_INSTALL_HINT,
  PRISM_VERSION,
  type PrismControl,
  PrismMissingError,
  type PrismOptions,
  packageSpec,
  type RunningPrism,
  startPrism,
} from "./prism.js";
