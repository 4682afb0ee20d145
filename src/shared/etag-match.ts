/**
 * Whether a caller's `If-None-Match` matches an answer's `ETag`: a list of tags or `*`, weak or strong,
 * by the weak comparison (RFC 9110 §13.1.2). The gateway and the mock answer `304` by it.
 */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return ifNoneMatch.split(",").some((tag) => bare(tag) === wanted);
}
