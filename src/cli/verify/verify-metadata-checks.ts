/** The checks of `hiro-lookup verify` for the token metadata service, in the order they run. */
import type { Send } from "./verify-http.js";
import { judgeBadRequest, judgeSample, judgeValid } from "./verify-judge.js";
import { type Check, check, type ExtraHeaders, etagChecks, type ServiceState } from "./verify-state.js";

/** A bad principal (first: it is also the mock probe), the sample, its body, `ETag` and 304. */
export function metadataChecks(
  send: Send,
  sample: { principal: string; tokenId: string },
  state: ServiceState,
): Check[] {
  // token_id goes out as the decimal string it was given (exact for a u128), as the lookups send it.
  const path = { principal: sample.principal, token_id: sample.tokenId };
  const get = (p: typeof path, headers?: ExtraHeaders) => send("getSftMetadata", { path: p }, headers);
  // The spec: lower-case addresses are rejected (the address alphabet is upper-case c32).
  const lowerCase = { ...path, principal: sample.principal.toLowerCase() };
  return [
    check("principal in lower case", '400 ValidationError "params/principal …"', async () =>
      judgeBadRequest(await state.send(get(lowerCase)), "getSftMetadata", "params/principal"),
    ),
    check("sample token", "200 with data", async () => judgeSample(await state.sendSample(get(path)), false)),
    check("sample body", "fits SftMetadataResponse", async () =>
      judgeValid(state.sampleAnswer, "getSftMetadata", { params: { ...path } }),
    ),
    ...etagChecks(state, (headers) => get(path, headers)()),
  ];
}
