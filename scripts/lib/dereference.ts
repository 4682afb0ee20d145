/**
 * Inlines every local `$ref` (`#/...`), so both documents are compared as the client sees them. Siblings
 * of a `$ref` (OpenAPI 3.1 allows a `description` there) override the referenced object's keys.
 * External and circular references are errors: this spec has neither.
 */
export function dereference(document: unknown): unknown {
  const resolve = (ref: string): unknown => {
    if (!ref.startsWith("#/")) throw new Error(`external $ref not supported: ${ref}`);
    return ref
      .slice(2)
      .split("/")
      .map((part) => decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<unknown>((node, key) => {
        const next =
          typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
        if (next === undefined) throw new Error(`unresolved $ref: ${ref}`);
        return next;
      }, document);
  };
  const walk = (node: unknown, trail: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, trail));
    if (typeof node !== "object" || node === null) return node;
    const { $ref, ...siblings } = node as Record<string, unknown>;
    if (typeof $ref === "string") {
      if (trail.includes($ref)) throw new Error(`circular $ref: ${[...trail, $ref].join(" → ")}`);
      const target = walk(resolve($ref), [...trail, $ref]);
      const rest = walk(siblings, trail) as Record<string, unknown>;
      return typeof target === "object" && target !== null && !Array.isArray(target)
        ? { ...target, ...rest }
        : target;
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, trail)]));
  };
  return walk(document, []);
}
