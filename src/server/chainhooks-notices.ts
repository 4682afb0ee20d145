/**
 * SIP-019 notices out of a Chainhooks delivery: the `token-metadata-update` prints of its applied blocks'
 * `contract_log` operations. A delivery is `{ event: { apply, rollback, chain, network }, chainhook }`
 * (Hiro's Chainhooks payload); a print's value is read from its `repr` (the chainhook is registered with
 * `decode_clarity_values: true`), e.g. `(tuple (notification "token-metadata-update") (payload (tuple
 * (contract-id 'SP….nft) (token-class "nft") (token-ids (list u1 u2)))))`. Rolled-back blocks are read
 * for nothing: a purge is safe to repeat, so there is nothing to undo. Everything is bounded: the body's
 * size (by the caller), the nesting and length of a value, the notices and token ids kept.
 */

/** One notice: a contract's tokens (all of them, or the ids listed) whose metadata changed. */
export interface PurgeNotice {
  contract: string;
  /** The token ids named (decimal text); undefined: every token of the contract. */
  tokenIds?: readonly string[] | undefined;
}

/** Notices kept from one delivery, at most (past that, the delivery is refused). */
const MAX_NOTICES = 1_000;
/** Token ids kept of one notice: a longer list marks the whole contract. */
const MAX_TOKEN_IDS = 1_000;
/** Longest `repr` read, in characters. */
const MAX_REPR = 64 * 1024;
/** Deepest nesting of a value read. */
const MAX_DEPTH = 16;

/** Whether `text` is a contract principal: a c32 address, a dot, a contract name. */
export const isContractPrincipal = (text: string): boolean =>
  /^S[0-9A-HJKMNP-TV-Z]{28,41}\.[a-zA-Z][a-zA-Z0-9_-]{0,127}$/.test(text);

type Sexp = string | Sexp[];

/** `(a (b "c") u1)` as nested arrays of atoms (strings keep their quotes), or undefined when malformed. */
function parseRepr(text: string): Sexp | undefined {
  if (text.length > MAX_REPR) return undefined;
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|[()]|[^\s()"]+/g);
  if (!tokens) return undefined;
  let at = 0;
  const read = (depth: number): Sexp | undefined => {
    const token = tokens[at++];
    if (token === undefined || token === ")" || depth > MAX_DEPTH) return undefined;
    if (token !== "(") return token;
    const list: Sexp[] = [];
    while (tokens[at] !== ")") {
      const item = read(depth + 1);
      if (item === undefined) return undefined;
      list.push(item);
    }
    at++;
    return list;
  };
  const value = read(0);
  return at === tokens.length ? value : undefined;
}

/** A tuple's fields (`(tuple (name value) …)`), or undefined when `value` is not a tuple. */
function tupleOf(value: Sexp | undefined): Map<string, Sexp> | undefined {
  if (!Array.isArray(value) || value[0] !== "tuple") return undefined;
  const fields = new Map<string, Sexp>();
  for (const field of value.slice(1)) {
    if (!Array.isArray(field) || field.length !== 2 || typeof field[0] !== "string") return undefined;
    fields.set(field[0], field[1] as Sexp);
  }
  return fields;
}

const stringOf = (value: Sexp | undefined) =>
  typeof value === "string" && /^"[^"\\]*"$/.test(value) ? value.slice(1, -1) : undefined;

/** The notice a print's `repr` holds, or undefined when it is no SIP-019 token metadata update. */
export function noticeOfRepr(repr: string): PurgeNotice | undefined {
  const print = tupleOf(parseRepr(repr));
  if (!print || stringOf(print.get("notification")) !== "token-metadata-update") return undefined;
  const payload = tupleOf(print.get("payload"));
  const contractValue = payload?.get("contract-id");
  const contract = typeof contractValue === "string" ? contractValue.replace(/^'/, "") : "";
  if (!payload || !isContractPrincipal(contract)) return undefined;
  const ids = payload.get("token-ids");
  if (!Array.isArray(ids) || ids[0] !== "list" || ids.length - 1 > MAX_TOKEN_IDS) return { contract };
  const tokenIds: string[] = [];
  for (const id of ids.slice(1)) {
    const digits = typeof id === "string" ? /^u(\d{1,39})$/.exec(id)?.[1] : undefined;
    if (digits === undefined) return { contract };
    tokenIds.push(digits.replace(/^0+(?=\d)/, ""));
  }
  return tokenIds.length === 0 ? { contract } : { contract, tokenIds };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The notices of a delivery's body, or why it is refused (a 400: not JSON, or not a Chainhooks payload). */
export function noticesOf(body: string): { notices: PurgeNotice[] } | { refused: string } {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return { refused: "the body is not JSON" };
  }
  const event = isObject(payload) ? payload.event : undefined;
  if (!isObject(event) || !Array.isArray(event.apply) || !Array.isArray(event.rollback))
    return { refused: "the body is not a Chainhooks payload: event.apply and event.rollback must be arrays" };
  const notices: PurgeNotice[] = [];
  for (const block of event.apply) {
    const transactions = isObject(block) ? block.transactions : undefined;
    if (!Array.isArray(transactions)) return { refused: "a block of event.apply has no transactions array" };
    for (const transaction of transactions) {
      const operations = isObject(transaction) ? transaction.operations : undefined;
      if (!Array.isArray(operations)) return { refused: "a transaction has no operations array" };
      for (const operation of operations) {
        if (!isObject(operation) || operation.type !== "contract_log") continue;
        if (operation.status !== undefined && operation.status !== "success") continue;
        const metadata = operation.metadata;
        if (!isObject(metadata) || metadata.topic !== "print") continue;
        const value = metadata.value;
        // Without decode_clarity_values the value is hex alone: the chainhook must decode it.
        if (typeof value === "string")
          return {
            refused: "a print's value has no repr: register the chainhook with decode_clarity_values",
          };
        if (!isObject(value) || typeof value.repr !== "string") continue;
        const notice = noticeOfRepr(value.repr);
        if (!notice) continue;
        if (notices.length >= MAX_NOTICES)
          return { refused: `more than ${MAX_NOTICES} notices in one delivery` };
        notices.push(notice);
      }
    }
  }
  return { notices };
}
