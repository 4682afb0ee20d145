/**
 * Purges on SIP-019 notices: which kept answers a notice made stale, and how soon they are asked again.
 * A notice marks a contract (or some of its token ids) at the moment this instance learnt of it: an
 * answer of those tokens kept before the mark is stale, and for a window after it (the indexer
 * refreshes a token a while after the notice) an answer is fresh for the refresh interval at most, so
 * the gateway asks again every few seconds until the window ends. Instances learn each other's notices
 * through the shared store's feed (a Redis stream), read at most once a poll interval as requests come.
 */
import { GATEWAY_DEFAULTS } from "../shared/defaults.js";
import { type CachedAnswer, isFresh } from "./cache-policy.js";
import type { PurgeNotice } from "./chainhooks-notices.js";
import type { RoutedCall } from "./router.js";

/** One delivery's notices as the feed carries them, with the instance that published them. */
export interface PublishedNotices {
  from: string;
  notices: PurgeNotice[];
}

/** What instances share of purges: a feed of notices, in the order they were published. */
export interface PurgeFeed {
  publish(published: PublishedNotices): Promise<void>;
  /** What was published after `cursor` (undefined: in the last `windowMs`), and the cursor after it. */
  since(
    cursor: string | undefined,
    windowMs: number,
  ): Promise<{ published: PublishedNotices[]; cursor: string | undefined }>;
}

/** The token routes a notice speaks of. */
const TOKEN_ROUTES = new Set(["getFtMetadata", "getNftMetadata", "getSftMetadata"]);
/** Contracts remembered at most (the oldest marks go first). */
const MAX_CONTRACTS = 10_000;

/** A contract's marks: the whole contract's last one, and each token id's. */
interface Marks {
  all: number;
  ids: Map<string, number>;
}

/** One instance's purges. */
export interface Purges {
  /** Marks `notices` now, here, and publishes them to the other instances (when a feed is shared). */
  mark(notices: readonly PurgeNotice[]): Promise<void>;
  /** Whether `entry`, kept for `call`, may be served at `now` without asking. */
  isFresh(call: RoutedCall, entry: CachedAnswer, now: number): boolean;
  /** Reads the other instances' notices, when the poll interval has passed (never throws). */
  catchUp(): Promise<void>;
}

/** The purges of one instance, sharing its notices through `feed`. */
export function createPurges(feed: PurgeFeed | undefined, now: () => number): Purges {
  const { purgeWindowMs, purgeRefreshMs, purgePollMs } = GATEWAY_DEFAULTS;
  const contracts = new Map<string, Marks>();
  let cursor: string | undefined;
  let polledAt = Number.NEGATIVE_INFINITY;
  let polling: Promise<void> | undefined;
  // This instance's name on the feed: what it published itself, it has marked already.
  const self = `${now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

  const markHere = (notices: readonly PurgeNotice[], at: number) => {
    for (const notice of notices) {
      let marks = contracts.get(notice.contract);
      if (marks)
        contracts.delete(notice.contract); // re-inserted last: the map's order is the age
      else marks = { all: Number.NEGATIVE_INFINITY, ids: new Map() };
      if (notice.tokenIds === undefined) marks.all = at;
      else for (const id of notice.tokenIds) marks.ids.set(id, at);
      contracts.set(notice.contract, marks);
      if (contracts.size > MAX_CONTRACTS) contracts.delete(contracts.keys().next().value as string);
    }
  };

  /** The latest mark of the call's token, or undefined. */
  const markOf = ({ call, canonical }: RoutedCall): number | undefined => {
    if (contracts.size === 0 || !TOKEN_ROUTES.has(call.operationId)) return undefined;
    const marks = contracts.get(String(canonical.principal));
    if (!marks) return undefined;
    const id = canonical.token_id;
    const byId = id === undefined ? undefined : marks.ids.get(String(id));
    const at = Math.max(marks.all, byId ?? Number.NEGATIVE_INFINITY);
    return at === Number.NEGATIVE_INFINITY ? undefined : at;
  };

  return {
    async mark(notices) {
      markHere(notices, now());
      await feed?.publish({ from: self, notices: [...notices] });
    },
    isFresh(call, entry, at) {
      const mark = markOf(call);
      if (mark === undefined) return isFresh(entry, at);
      if (entry.storedAt < mark) return false;
      if (at - mark > purgeWindowMs) return isFresh(entry, at);
      return isFresh(entry, at) && at - entry.storedAt < purgeRefreshMs;
    },
    async catchUp() {
      if (!feed || now() - polledAt < purgePollMs) return;
      polledAt = now();
      polling ??= feed
        .since(cursor, purgeWindowMs)
        .then((read) => {
          cursor = read.cursor;
          for (const { from, notices } of read.published) if (from !== self) markHere(notices, now());
        })
        .catch(() => undefined) // the store down: the gateway says so on its own commands
        .finally(() => {
          polling = undefined;
        });
      await polling;
    },
  };
}
