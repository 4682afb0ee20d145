// The kit's types against the installed msw's: compiled in a consumer with msw 3 by scripts/test-runtimes.ts
// (library checks on), and against this repository's msw 2 by the project's own type check. The handlers
// go to `setupServer`, and a misspelt field or an undocumented status does not compile.
import { createHandlers } from "hiro-lookup/msw";
import { setupServer } from "msw/node";

const baseUrl = "http://127.0.0.1:3000";
setupServer(...createHandlers({ baseUrl }));
createHandlers({
  baseUrl,
  overrides: { getSftMetadata: { status: 422, body: { error: "Token metadata fetch in progress" } } },
});
// @ts-expect-error 418 is not a documented status of the lookup
createHandlers({ baseUrl, overrides: { getTransactionActivity: { status: 418, body: {} } } });
// @ts-expect-error `eror` is not a field of the documented 422 body
createHandlers({ baseUrl, overrides: { getSftMetadata: { status: 422, body: { eror: "pending" } } } });
