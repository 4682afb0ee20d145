/**
 * The purges' feed in Redis: one stream (`XADD`, trimmed to the last window by `MINID`), read from a
 * cursor (`XRANGE (<id> +`) by every instance. What it reads back is checked as any store entry is: a
 * notice that is not one is skipped, so nobody who can write to Redis can make the gateway throw.
 */
import { isContractPrincipal, type PurgeNotice } from "./chainhooks-notices.js";
import type { PublishedNotices, PurgeFeed } from "./purges.js";

type Send = (key: string, readonly: boolean, args: string[]) => Promise<unknown>;

/** Entries read in one poll, at most. */
const READ_COUNT = 1_000;

/** A stream entry's `published` field read back, or undefined when it is not what the feed writes. */
function publishedOf(fields: unknown): PublishedNotices | undefined {
  if (!Array.isArray(fields) || fields[0] !== "published" || typeof fields[1] !== "string") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(fields[1]);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { from, notices } = value as { from?: unknown; notices?: unknown };
  if (typeof from !== "string" || !Array.isArray(notices) || notices.length > READ_COUNT) return undefined;
  const checked: PurgeNotice[] = [];
  for (const notice of notices as unknown[]) {
    const { contract, tokenIds } = (notice ?? {}) as { contract?: unknown; tokenIds?: unknown };
    if (typeof contract !== "string" || !isContractPrincipal(contract)) return undefined;
    if (tokenIds === undefined) checked.push({ contract });
    else if (
      Array.isArray(tokenIds) &&
      tokenIds.length <= READ_COUNT &&
      tokenIds.every((id) => typeof id === "string" && /^\d{1,39}$/.test(id))
    )
      checked.push({ contract, tokenIds: tokenIds as string[] });
    else return undefined;
  }
  return { from, notices: checked };
}

/** The feed on the stream at `key`. */
export function redisPurgeFeed(key: string, send: Send): PurgeFeed {
  return {
    async publish(published) {
      // Trimmed to about the last hour by id (ms on Redis's clock): far past any purge window.
      const minId = String(Date.now() - 3_600_000);
      await send(key, false, ["XADD", key, "MINID", "~", minId, "*", "published", JSON.stringify(published)]);
    },
    async since(cursor, windowMs) {
      const from = cursor === undefined ? String(Math.max(0, Date.now() - windowMs)) : `(${cursor}`;
      const reply = await send(key, true, ["XRANGE", key, from, "+", "COUNT", String(READ_COUNT)]);
      const published: PublishedNotices[] = [];
      let last = cursor;
      for (const entry of Array.isArray(reply) ? reply : []) {
        if (!Array.isArray(entry) || typeof entry[0] !== "string" || !/^\d+-\d+$/.test(entry[0])) continue;
        last = entry[0];
        const read = publishedOf(entry[1]);
        if (read) published.push(read);
      }
      // Nothing yet: the next read looks over the window again (ids are on Redis's clock, not ours).
      return { published, cursor: last };
    },
  };
}
