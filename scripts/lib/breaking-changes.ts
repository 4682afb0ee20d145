/**
 * The breaking changes between two OpenAPI 3.x documents, as seen by a consumer of the typed client: a
 * structural diff of the two dereferenced documents, walked operation by operation. Each rule is one
 * small function below; together they catch what Optic's breaking-changes ruleset caught here, plus what
 * the typed client makes breaking on top of the wire protocol.
 *
 * Operations and responses: an operation or a response status removed (a media type removed counts as
 * its status). Response schemas, compared recursively (properties, array items, oneOf/anyOf/allOf
 * members by position): a property removed or made optional, a type changed, an enum (or `const`) value
 * removed or added; each changes the generated type that consumer code compiles against.
 * Parameters (matched by `in` and `name`): a new required one, an optional one made required, and one
 * that accepts fewer values (type, enum, minimum/maximum, lengths, item counts, pattern), since the
 * client validates inputs against the spec before sending and would reject calls that worked.
 *
 * Not covered, because this spec has none: request bodies, security schemes, callbacks, external `$ref`s.
 */

/** One breaking change between two specs. */
export interface BreakingChange {
  /** Name of the rule that caught it, e.g. `prevent operation removal`. */
  rule: string;
  /** Where, e.g. `GET /runes/v1/transactions/{tx_id}/activity` (or `-` for the whole document). */
  where: string;
  /** JSON pointer into the spec it concerns (the old spec for removals, the new one otherwise). */
  pointer: string;
  message: string;
}

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Node) : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const pointer = (parts: readonly string[]) =>
  parts.map((part) => `/${part.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const list = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(", ");

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The breaking changes from `before` to `after`, two dereferenced OpenAPI documents. */
export function diffBreaking(before: unknown, after: unknown): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const pathsBefore = asNode(asNode(before).paths);
  const pathsAfter = asNode(asNode(after).paths);
  for (const [path, itemBefore] of Object.entries(pathsBefore)) {
    for (const method of METHODS) {
      const was = asNode(itemBefore)[method];
      if (was === undefined) continue;
      const itemAfter = asNode(pathsAfter[path]);
      const now = itemAfter[method];
      const site = { where: `${method.toUpperCase()} ${path}`, at: ["paths", path, method] };
      if (now === undefined) {
        changes.push({
          rule: "prevent operation removal",
          ...located(site),
          message: "cannot remove an operation",
        });
        continue;
      }
      const params = (item: unknown, operation: unknown) => parameters(asNode(item), asNode(operation));
      changes.push(...compareParameters(params(itemBefore, was), params(itemAfter, now), site));
      changes.push(...compareResponses(asNode(asNode(was).responses), asNode(asNode(now).responses), site));
    }
  }
  return changes;
}

interface Site {
  where: string;
  at: string[];
}
const located = (site: Site) => ({ where: site.where, pointer: pointer(site.at) });

/** The parameters of an operation keyed by `in:name`, path-level ones overridden by the operation's. */
function parameters(item: Node, operation: Node): Map<string, { parameter: Node; index: string }> {
  const byKey = new Map<string, { parameter: Node; index: string }>();
  for (const [index, value] of asList(item.parameters).entries())
    byKey.set(`${asNode(value).in}:${asNode(value).name}`, { parameter: asNode(value), index: `#${index}` });
  for (const [index, value] of asList(operation.parameters).entries())
    byKey.set(`${asNode(value).in}:${asNode(value).name}`, {
      parameter: asNode(value),
      index: String(index),
    });
  return byKey;
}

function compareParameters(
  before: ReturnType<typeof parameters>,
  after: ReturnType<typeof parameters>,
  operation: Site,
): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [key, { parameter, index }] of after) {
    const where = `${operation.where} ${parameter.in} parameter: ${parameter.name}`;
    // A path-level parameter (index `#n`) lives under the path item, not the operation.
    const at = index.startsWith("#")
      ? [...operation.at.slice(0, -1), "parameters", index.slice(1)]
      : [...operation.at, "parameters", index];
    const site = located({ where, at });
    const was = before.get(key)?.parameter;
    if (!was) {
      if (parameter.required === true)
        changes.push({
          rule: "prevent new required parameters",
          ...site,
          message: `cannot add required ${parameter.in} parameter ${parameter.name} to an existing operation`,
        });
      continue;
    }
    if (was.required !== true && parameter.required === true)
      changes.push({
        rule: "prevent requiring existing parameters",
        ...site,
        message: `cannot make optional ${parameter.in} parameter '${parameter.name}' required`,
      });
    const narrowed = narrowedInput(asNode(was.schema), asNode(parameter.schema));
    if (narrowed)
      changes.push({
        rule: "prevent parameter narrowing",
        ...site,
        message: `${parameter.in} parameter '${parameter.name}' accepts fewer values (${narrowed}): the client would reject calls that worked`,
      });
  }
  return changes;
}

/** The schema's `type` as a sorted list (`undefined`: any type). */
function types(schema: Node): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return (Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)]).sort();
}

/** The finite set of values a schema allows (`enum` or `const`), or undefined when it has none. */
function enumValues(schema: Node): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ("const" in schema) return [schema.const];
  return undefined;
}

/** The first way an input schema `after` accepts fewer values than `before`. */
function narrowedInput(before: Node, after: Node): string | undefined {
  const [typesWas, typesNow] = [types(before), types(after)];
  const accepts = (type: string) =>
    typesNow?.includes(type) || (type === "integer" && typesNow?.includes("number"));
  if (typesNow && !typesWas?.every(accepts))
    return `type changed from ${typesWas?.join(" | ") ?? "any"} to ${typesNow.join(" | ")}`;
  const [enumWas, enumNow] = [enumValues(before), enumValues(after)];
  const dropped = enumNow && (enumWas ?? []).filter((value) => !enumNow.some((kept) => same(kept, value)));
  if (enumNow && !enumWas) return `limited to ${list(enumNow)}`;
  if (dropped?.length) return `${list(dropped)} no longer allowed`;
  const num = (schema: Node, key: string) => (typeof schema[key] === "number" ? schema[key] : undefined);
  for (const key of ["minimum", "exclusiveMinimum", "minLength", "minItems"]) {
    const [was, now] = [num(before, key), num(after, key)];
    if (now !== undefined && (was === undefined || now > was)) return `${key} raised to ${now}`;
  }
  for (const key of ["maximum", "exclusiveMaximum", "maxLength", "maxItems"]) {
    const [was, now] = [num(before, key), num(after, key)];
    if (now !== undefined && (was === undefined || now < was)) return `${key} lowered to ${now}`;
  }
  if (after.pattern !== undefined && after.pattern !== before.pattern)
    return `pattern changed to ${JSON.stringify(after.pattern)}`;
  return undefined;
}

function compareResponses(before: Node, after: Node, operation: Site): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [status, response] of Object.entries(before)) {
    const site = {
      where: `${operation.where} response ${status}`,
      at: [...operation.at, "responses", status],
    };
    if (after[status] === undefined) {
      changes.push({
        rule: "prevent response status code removal",
        ...located(site),
        message: `cannot remove response status code ${status}`,
      });
      continue;
    }
    const contentAfter = asNode(asNode(after[status]).content);
    for (const [type, media] of Object.entries(asNode(asNode(response).content))) {
      const at = [...site.at, "content", type];
      if (contentAfter[type] === undefined) {
        changes.push({
          rule: "prevent response status code removal",
          ...located({ where: `${site.where} ${type}`, at }),
          message: `cannot remove media type ${type} from response status code ${status}`,
        });
        continue;
      }
      const schemaAt = { where: `${site.where} ${type}`, at: [...at, "schema"] };
      const [was, now] = [asNode(asNode(media).schema), asNode(asNode(contentAfter[type]).schema)];
      compareOutput(was, now, schemaAt, "body", changes);
    }
  }
  return changes;
}

/** Compares a response schema (`label` names it in messages: `body`, `total_supply`, `results[].id`). */
function compareOutput(
  before: Node,
  after: Node,
  site: Site,
  label: string,
  changes: BreakingChange[],
): void {
  const leaf = label.split(".").at(-1);
  const property = label === "body" ? "the response body" : `response property '${leaf}'`;
  const here = located({ where: label === "body" ? site.where : `${site.where}: ${label}`, at: site.at });
  const [typesWas, typesNow] = [types(before), types(after)];
  if (!same(typesWas, typesNow)) {
    const [was, now] = [typesWas?.join(" | ") ?? "any", typesNow?.join(" | ") ?? "any"];
    changes.push({
      rule: "prevent response property type changes",
      ...here,
      message: `cannot change the type of ${property} from ${was} to ${now}: the client's type changes with it`,
    });
    return;
  }
  const [enumWas, enumNow] = [enumValues(before), enumValues(after)];
  if (enumWas && enumNow) {
    const missing = (from: unknown[], to: unknown[]) => from.filter((v) => !to.some((w) => same(v, w)));
    const [removed, added] = [missing(enumWas, enumNow), missing(enumNow, enumWas)];
    const values = (verb: string, found: unknown[]) =>
      found.length > 0 ? [`${verb} enum value${found.length > 1 ? "s" : ""} ${list(found)}`] : [];
    const what = [
      ...values("remove", removed).map((part) => `${part} from`),
      ...values("add", added).map((part) => `${part} to`),
    ];
    if (what.length > 0)
      changes.push({
        rule: "prevent response enum changes",
        ...here,
        message: `cannot ${what.join(" or ")} ${property}: the client's union type changes with it`,
      });
  }
  const propertiesAfter = asNode(after.properties);
  const requiredAfter = asList(after.required);
  for (const [name, schema] of Object.entries(asNode(before.properties))) {
    const child = label === "body" ? name : `${label}.${name}`;
    const at = [...site.at, "properties", name];
    const childSite = located({ where: `${site.where}: ${child}`, at });
    if (propertiesAfter[name] === undefined) {
      changes.push({
        rule: "prevent removing response property",
        ...childSite,
        message: `cannot remove response property '${name}'`,
      });
      continue;
    }
    if (asList(before.required).includes(name) && !requiredAfter.includes(name))
      changes.push({
        rule: "prevent making response property optional",
        ...childSite,
        message: `cannot make required response property '${name}' optional`,
      });
    compareOutput(asNode(schema), asNode(propertiesAfter[name]), { where: site.where, at }, child, changes);
  }
  if (before.items !== undefined && after.items !== undefined) {
    const at = { where: site.where, at: [...site.at, "items"] };
    compareOutput(
      asNode(before.items),
      asNode(after.items),
      at,
      label === "body" ? "[]" : `${label}[]`,
      changes,
    );
  }
  for (const key of ["oneOf", "anyOf", "allOf"]) {
    const [was, now] = [asList(before[key]), asList(after[key])];
    for (let i = 0; i < Math.min(was.length, now.length); i++)
      compareOutput(
        asNode(was[i]),
        asNode(now[i]),
        { where: site.where, at: [...site.at, key, String(i)] },
        label,
        changes,
      );
  }
}
