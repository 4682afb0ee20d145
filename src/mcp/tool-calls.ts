/**
 * The tools of the MCP server and how a call runs: the lookups of the operation table (tool-table.ts)
 * and the doctor (explain-tool.ts), each call checked by name, run under one deadline, its answer checked
 * by the operation's response validator (`hiro-lookup/validators`, the one the client and `verify` use),
 * and answered as compact JSON (with `structuredContent` where the tool has an output schema) or as an
 * error result (tool-errors.ts). Nothing here throws: every outcome is a tool result.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import { HiroValidationError, type LookupClient, type OperationId } from "../index.js";
import { EXPLAIN_TOOL, explainToken, explainToolDefinition } from "./explain-tool.js";
import { errorResult, ToolAnswerInvalidError, ToolDeadlineError } from "./tool-errors.js";
import { type LookupTool, type LookupToolsOptions, lookupTools, TOOL_PAGE_SIZE } from "./tool-table.js";
import { inTraceOf } from "./trace-parent.js";

/** How long a tool may take. */
export interface ToolTimes {
  /** Each call's deadline, retries and waits included, in ms: the agent has its answer by then. */
  deadlineMs: number;
  /** The doctor's time limit of each fetch to a token's host (URI, image), in ms. */
  hostTimeoutMs: number;
}

/** The tools, listed and called. */
export interface ToolBox {
  /** What `tools/list` answers. */
  readonly tools: readonly Tool[];
  /**
   * Runs the tool `name` with `args`; `signal` is the request's (the client cancelled it), `meta` its
   * `_meta` (a W3C `traceparent` there is the parent of the lookup's trace). Never rejects.
   */
  call(
    name: string,
    args: unknown,
    signal?: AbortSignal,
    meta?: Record<string, unknown>,
  ): Promise<CallToolResult>;
}

type Lookup = (
  params: Record<string, unknown>,
  options: { signal: AbortSignal; totalTimeoutMs: number },
) => Promise<unknown>;

/** The client's method for `operationId`: every operation of the table is a lookup of that name. */
function lookupOf(client: LookupClient, operationId: OperationId): Lookup {
  const method: unknown = client[operationId];
  if (typeof method !== "function") throw new Error(`the client has no lookup ${operationId}`);
  return async (params, options) => method(params, options);
}

/** `args` as an object whose every key is one of `known`; anything else is refused by name. */
function argumentsOf(tool: Tool, args: unknown): Record<string, unknown> {
  if (args === undefined || args === null) return {};
  if (typeof args !== "object" || Array.isArray(args))
    throw new HiroValidationError("arguments", "must be an object of named arguments");
  const known = Object.keys(tool.inputSchema.properties ?? {});
  for (const key of Object.keys(args)) {
    if (!known.includes(key)) {
      const takes = known.length > 0 ? `it takes ${known.join(", ")}` : "it takes none";
      throw new HiroValidationError(key, `is not an argument of ${tool.name}: ${takes}`);
    }
  }
  return { ...args };
}

/** What a paged answer says about the next page. */
function nextPageText(tool: string, page: unknown): string | undefined {
  if (typeof page !== "object" || page === null) return undefined;
  const { limit, offset, total, results } = page as Record<string, unknown>;
  if (typeof offset !== "number" || typeof total !== "number" || !Array.isArray(results)) return undefined;
  const next = offset + results.length;
  if (results.length === 0 || next >= total)
    return `Last page: items ${results.length === 0 ? "none" : `${offset + 1} to ${next}`} of ${total}.`;
  return `Items ${offset + 1} to ${next} of ${total}. Next page: call ${tool} with the same arguments and ${JSON.stringify({ offset: next, limit })}.`;
}

/** Compact JSON; a bigint (none comes from the service, but a stand-in client may) as its digits. */
const json = (value: unknown) =>
  JSON.stringify(value, (_key, inner: unknown) => (typeof inner === "bigint" ? inner.toString() : inner));

/** A successful answer: its JSON, the next page's arguments for a page, `structuredContent` when the tool has an output schema. */
function answerResult(tool: Tool, answer: unknown, paged: boolean): CallToolResult {
  const text = json(answer);
  const content: CallToolResult["content"] = [{ type: "text", text }];
  const next = paged ? nextPageText(tool.name, answer) : undefined;
  if (next !== undefined) content.push({ type: "text", text: next });
  const structured = tool.outputSchema !== undefined && typeof answer === "object" && answer !== null;
  return {
    content,
    // The same JSON, as an object (a bigint as its digits): written once, read back once.
    ...(structured ? { structuredContent: JSON.parse(text) as Record<string, unknown> } : {}),
  };
}

/**
 * Runs `work` under `deadlineMs`: its signal aborts at the deadline (or when `outer` does), and the call
 * settles then even if `work` does not heed the signal, with a {@link ToolDeadlineError}. The deadline's
 * timer only ever resolves (no rejection can outlive the call), and it is cleared however `work` ends,
 * a refusal it throws before returning a promise included.
 */
async function underDeadline<T>(
  deadlineMs: number,
  outer: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  const signal = outer ? AbortSignal.any([deadline.signal, outer]) : deadline.signal;
  const LATE = Symbol("late");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => {
      deadline.abort(new ToolDeadlineError(deadlineMs));
      resolve(LATE);
    }, deadlineMs);
  });
  try {
    const running = work(signal);
    running.catch(() => {}); // settled by the race below; a rejection after the deadline is not unhandled
    const first = await Promise.race([running, late]);
    if (first === LATE) throw new ToolDeadlineError(deadlineMs);
    return first;
  } catch (error) {
    throw deadline.signal.aborted ? new ToolDeadlineError(deadlineMs) : error;
  } finally {
    clearTimeout(timer);
  }
}

/** `answer` when the validator passes it (for `search_tokens`, its `results`); else a {@link ToolAnswerInvalidError}. */
function checked(lookup: LookupTool, answer: unknown): unknown {
  const body = lookup.operationId === "searchTokens" ? (answer as { results?: unknown }).results : answer;
  const result = lookup.validator["~standard"].validate(body);
  if ("issues" in result && result.issues !== undefined) {
    const [first] = result.issues;
    const where = first?.path?.length ? `/${first.path.map(String).join("/")}` : "(body)";
    throw new ToolAnswerInvalidError(
      `the service's answer does not fit the spec (${lookup.operationId}): ${where} ${first?.message ?? "is invalid"}`,
    );
  }
  return answer;
}

/** Options of {@link createToolBox}. */
export interface ToolBoxOptions extends LookupToolsOptions {
  /**
   * An error in the words of whoever configured the server (the CLI names its flags: `--ordinals-url`
   * for the client's `baseUrl.ordinals`); returned as is by default.
   */
  retell?: ((error: unknown) => unknown) | undefined;
  /**
   * The `fetch` the doctor (`explain_token`) uses for a token's URI and image: under the CLI's `--mock`,
   * the mock's own token documents and images. Default: the doctor's own fetch.
   */
  tokenHost?: typeof fetch | undefined;
}

/** The server's tools over `client`: every lookup of the operation table, and `explain_token`. */
export function createToolBox(client: LookupClient, times: ToolTimes, options: ToolBoxOptions = {}): ToolBox {
  const lookups = new Map<string, LookupTool>(
    lookupTools(options).map((tool) => [tool.definition.name, tool]),
  );
  const tools = [...[...lookups.values()].map((tool) => tool.definition), explainToolDefinition];
  return {
    tools,
    async call(name, args, signal, meta) {
      try {
        const lookup = lookups.get(name);
        const tool = lookup?.definition ?? (name === EXPLAIN_TOOL ? explainToolDefinition : undefined);
        if (tool === undefined)
          throw new HiroValidationError(
            "name",
            `${JSON.stringify(name.slice(0, 80))} is not a tool of this server: its tools are ${tools.map((t) => t.name).join(", ")}`,
          );
        const given = argumentsOf(tool, args);
        const answer = await inTraceOf(meta, () =>
          underDeadline(times.deadlineMs, signal, (callSignal) => {
            if (lookup === undefined)
              return explainToken(client, given, {
                hostTimeoutMs: times.hostTimeoutMs,
                signal: callSignal,
                ...(options.tokenHost ? { fetch: options.tokenHost } : {}),
              });
            const params =
              lookup.paged && given.limit === undefined ? { ...given, limit: TOOL_PAGE_SIZE } : given;
            // The client's own deadline too: it refuses a rate limit's wait that would end past it.
            const callOptions = { signal: callSignal, totalTimeoutMs: times.deadlineMs };
            return lookupOf(client, lookup.operationId)(params, callOptions).then((answer) =>
              checked(lookup, answer),
            );
          }),
        );
        return answerResult(tool, answer, lookup?.paged ?? false);
      } catch (error) {
        return errorResult(name, options.retell ? options.retell(error) : error);
      }
    },
  };
}
