/** The shapes the mock's rules take and give. */
import type { MockExample } from "../generated/mock-examples.js";
import type { NormalRequest, ServiceRequest } from "../spec/service-rules.js";

export type { MockExample, NormalRequest };

/** A request to one operation: its path parameters (decoded) and its query. */
export type MockRequest = ServiceRequest;

/** What the mock answers. */
export interface MockAnswer {
  status: number;
  /** The JSON body (a fresh copy: the caller may change it). */
  body: unknown;
  /** Headers the rules decide (a search's `etag` only when a token is found); absent: the documented ones. */
  headers?: Record<string, string>;
  /**
   * The named example this answer is (Prism's `Prefer: example=<name>`); for a page, up to its `offset`
   * and `limit`, which echo the request. Absent when no example is this answer (a page cut from an id's
   * examples at another offset or limit).
   */
  example?: string;
}

/** Every operation's named examples, as `npm run generate` writes them (`src/generated/mock-examples.ts`). */
export type MockExampleTable = Readonly<Record<string, readonly MockExample[]>>;

/** Each operation's documented response headers that have an example, by status (`src/generated/mock-examples.ts`). */
export type MockHeaderTable = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>
>;
