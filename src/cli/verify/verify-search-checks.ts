/**
 * The checks of `hiro-lookup verify` for the token metadata service's bulk search (`searchTokens`, Token
 * Metadata API 2.2.0 and later): 51 ids refused with the validation body, the sample token found, the
 * body fitting the spec, its `ETag`, and an unknown token simply absent (not an error). An older
 * deployment without the route fails them with its 404.
 */
import { printable } from "../text.js";
import { describe, type Exchange, type Send } from "./verify-http.js";
import { judgeBadRequest, judgeEtag, judgeValid, type Outcome } from "./verify-judge.js";
import { type Check, check, type ServiceState } from "./verify-state.js";

/** The boot address's contracts are fixed at genesis: this one can never exist. */
const UNKNOWN_TOKEN = "SP000000000000000000002Q6VF78.hiro-lookup-verify-unknown:1";
/** One more than the spec's `maxItems` of `contract`. */
const TOO_MANY = 51;

/** `<contract_id>:<token_number>` of each item of a search answer, or undefined when it is not an array. */
function tokensOf(answer: Exchange): string[] | undefined {
  if (!Array.isArray(answer.body)) return undefined;
  return answer.body.map((item) => {
    const { contract_id: id, token_number: n } = (item ?? {}) as Record<string, unknown>;
    return `${String(id)}:${String(n)}`;
  });
}

/** The sample token is among the items of a 200 array. */
function judgeFound(answer: Exchange, wanted: string): Outcome {
  const tokens = tokensOf(answer);
  if (answer.status !== 200 || tokens === undefined) return { ok: false, got: describe(answer) };
  const got = `200, ${tokens.length} item${tokens.length === 1 ? "" : "s"}`;
  return tokens.includes(wanted)
    ? { ok: true, got: `${got}, the sample among them` }
    : { ok: false, got: `${got}, not the sample (${printable(tokens.slice(0, 2).join(", "), 80)})` };
}

/**
 * Every item is the token asked: the client refuses an answer with an item for a token nobody asked
 * (`searchTokens`), so `verify` does too.
 */
function judgeOnlyAsked(answer: Exchange, wanted: string): Outcome {
  const tokens = tokensOf(answer);
  if (answer.status !== 200 || tokens === undefined) return { ok: false, got: describe(answer) };
  const stranger = tokens.find((token) => token !== wanted);
  return stranger === undefined
    ? { ok: true, got: `${tokens.length} of ${tokens.length} the token asked` }
    : { ok: false, got: `an item about ${printable(stranger, 100)}, a token not asked` };
}

/** An unknown token is absent: 200 with an empty array, not an error. */
function judgeAbsent(answer: Exchange): Outcome {
  const tokens = tokensOf(answer);
  if (answer.status !== 200 || tokens === undefined) return { ok: false, got: describe(answer) };
  return tokens.length === 0
    ? { ok: true, got: "200 []" }
    : { ok: false, got: `200 with ${tokens.length} item(s): ${printable(tokens[0] ?? "", 80)}` };
}

/** The search checks, after the token lookup's, on the same service state. */
export function searchChecks(
  send: Send,
  sample: { principal: string; tokenId: string },
  state: ServiceState,
): Check[] {
  let found: Exchange | undefined;
  const search = (contract: string[]) => send("searchTokens", { query: { contract } });
  const wanted = `${sample.principal}:${sample.tokenId}`;
  const tooMany = Array.from({ length: TOO_MANY }, (_, i) => `${sample.principal}:${i + 1}`);
  const answer = () =>
    found ?? {
      status: 0,
      headers: new Headers(),
      body: undefined,
      prismViolations: false,
      failure: "the sample search was not sent",
    };
  return [
    check(`search: ${TOO_MANY} ids`, '400 ValidationError "querystring/contract …"', async () =>
      judgeBadRequest(await state.send(search(tooMany)), "searchTokens", "querystring/contract"),
    ),
    check("search: sample token", "200, the sample among the items", async () => {
      found = await state.send(search([wanted]));
      return judgeFound(found, wanted);
    }),
    // A fixed-example mock answers its example's tokens whatever was asked.
    check("search: only the tokens asked", "no item for a token not asked", async () =>
      judgeOnlyAsked(answer(), wanted),
    ),
    check("search: sample body", "fits SearchResponse", async () => judgeValid(answer(), "searchTokens")),
    check("search: ETag", "ETag on the 200", async () => judgeEtag(answer())),
    check("search: unknown token", "200 [], not an error", async () =>
      judgeAbsent(await state.send(search([UNKNOWN_TOKEN]))),
    ),
  ];
}
