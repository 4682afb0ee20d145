/**
 * The client as users run it: the built `dist/` (tsup, which `npm run bench` runs first), not `src/`
 * through tsx. tsx's transform wraps every function it creates in a `__name()` call, which made our
 * per-request closures look several µs slower than they are. Types come from src/.
 */
import type * as Source from "../src/index.js";

const built = (await import(new URL("../dist/index.js", import.meta.url).href)) as typeof Source;
export const { collect, createLookupClient, HiroValidationError, paginate } = built;
