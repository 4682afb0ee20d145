/**
 * The API reference (docs/index.html, Redocly from openapi.yaml, offline-safe) and the guide's page
 * (docs/guide.html): `npm run docs` (scripts/build-docs.ts) and `npm start`'s watch build them.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { GUIDE_PAGE, guideLinkMarkdown, postProcessReference, renderGuide } from "./portal.js";
import { runNode } from "./run-node.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SPEC = resolve(ROOT, "openapi.yaml");
/** Where {@link buildDocs} writes the page (a build output, git-ignored). */
export const DOCS_FILE = resolve(ROOT, "docs/index.html");
/** Where {@link buildDocs} writes the guide, rendered from docs/guide.md (git-ignored). */
export const GUIDE_FILE = resolve(ROOT, "docs", GUIDE_PAGE);
const GUIDE_SOURCE = resolve(ROOT, "docs/guide.md");
const TITLE = "hiro-lookup API reference";
const GUIDE_TITLE = "hiro-lookup guide";
/** Hosts a fetched resource may point at: the page must work with no network. */
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Result of {@link buildDocs}. */
export interface BuildDocsResult {
  /** Absolute path of the written page. */
  file: string;
  /** Absolute path of the guide's page, beside it. */
  guide: string;
  /** Size of the page in bytes. */
  bytes: number;
  /** Wall time of the Redocly build, in milliseconds. */
  ms: number;
}

/** A Redoc code-sample language entry: matched against an `x-codeSamples` item by `label ?? lang`. */
interface SampleLanguage {
  lang: string;
  label?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The distinct `x-codeSamples` languages of the spec, in first-seen order. Redoc v3 only shows the
 * samples whose `label ?? lang` is in `codeSamples.languages` (default: curl, JavaScript, Node.js,
 * Python, ...), so without this list the `TypeScript` / `hiro-lookup` samples would be hidden.
 */
export function sampleLanguages(spec: unknown): SampleLanguage[] {
  const seen = new Map<string, SampleLanguage>();
  const paths = isRecord(spec) && isRecord(spec.paths) ? Object.values(spec.paths) : [];
  for (const item of paths.filter(isRecord)) {
    for (const operation of Object.values(item).filter(isRecord)) {
      const samples = operation["x-codeSamples"];
      for (const sample of Array.isArray(samples) ? samples.filter(isRecord) : []) {
        const { lang, label } = sample;
        if (typeof lang !== "string") continue;
        const key = (typeof label === "string" ? label : lang).toLowerCase();
        if (!seen.has(key)) seen.set(key, typeof label === "string" ? { lang, label } : { lang });
      }
    }
  }
  return [...seen.values()];
}

/**
 * Redoc options for the page: the `openapi` section of redocly.yaml (if any) on top of a
 * `codeSamples.languages` list built from the spec. Passing `--openapi` makes Redocly ignore
 * redocly.yaml's section, hence the merge here.
 */
async function redocOptions(spec: unknown): Promise<Record<string, unknown>> {
  let fromConfig: Record<string, unknown> = {};
  try {
    const config: unknown = parse(await readFile(resolve(ROOT, "redocly.yaml"), "utf8"));
    if (isRecord(config) && isRecord(config.openapi)) fromConfig = config.openapi;
  } catch {
    // no redocly.yaml: nothing to merge
  }
  // Stacked: each operation's samples below its description, at the content's width. In Redoc's
  // three panels the intro's table and the samples each get half the page (at 1280 px the table was
  // squeezed to 400 px and the samples' lines cut off); the footer's toggle still offers the panels.
  return { codeSamples: { languages: sampleLanguages(spec) }, layout: "stacked", ...fromConfig };
}

/** Runs the Redocly CLI with telemetry and the update notice off; rejects with its output on failure. */
async function runRedocly(args: readonly string[]): Promise<void> {
  const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
  const { code, output } = await runNode(cli, args, ROOT);
  if (code !== 0) throw new Error(`redocly build-docs exited with ${code}:\n${output.trim()}`);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/**
 * Lists everything in `html` that would make the browser fetch from another host: `<script src>`,
 * `<link href>`, ES module `import`s, `@import` and CSS `url(...)` pointing at `http(s)://` (not loopback), plus in-page
 * telemetry left switched on. Plain `<a href>` links are fine: they are only followed on click.
 */
export function findOfflineProblems(html: string): string[] {
  const problems: string[] = [];
  const patterns: ReadonlyArray<[string, RegExp]> = [
    ["<script src>", /<script\b[^>]*?\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi],
    ["<link href>", /<link\b[^>]*?\bhref\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi],
    ["@import", /@import\s+(?:url\(\s*)?["']?(https?:\/\/[^"')\s;]+)/gi],
    ["module import", /(?<![@\w.$])import\s*(?:\(\s*|[\w${}\s,*]+\bfrom\s*)?["'](https?:\/\/[^"']+)/g],
    ["url()", /url\(\s*["']?(https?:\/\/[^"')\s]+)/gi],
    // The footer logo address, a string literal in the bundle that script turns into a request.
    ["Redocly CDN logo", /(https:\/\/cdn\.redoc(?:\.ly|ly\.com)\/redoc\/logo[^"'`\s)]*)/g],
  ];
  for (const [what, re] of patterns) {
    for (const match of html.matchAll(re)) {
      const url = match[1] ?? "";
      if (!LOCAL_HOSTS.has(hostOf(url))) problems.push(`${what} ${url}`);
    }
  }
  if (!/__redoc_options\s*=\s*[^\n]*"disableTelemetry":\s*true\b/.test(html)) {
    problems.push("in-page telemetry is on (__redoc_options.disableTelemetry is not true)");
  }
  return problems;
}

/** The `operationId` of every operation of the spec, in path order. */
export function operationIdsOf(spec: unknown): string[] {
  const paths = isRecord(spec) && isRecord(spec.paths) ? Object.values(spec.paths) : [];
  return paths
    .filter(isRecord)
    .flatMap((item) => Object.values(item).filter(isRecord))
    .map((operation) => operation.operationId)
    .filter((id): id is string => typeof id === "string");
}

/** The spec with {@link guideLinkMarkdown} (its lookups counted from the spec) in front of `info.description`. */
export function withGuideLink(spec: unknown): unknown {
  if (!isRecord(spec) || !isRecord(spec.info)) return spec;
  const description = typeof spec.info.description === "string" ? spec.info.description : "";
  const link = guideLinkMarkdown(operationIdsOf(spec));
  return { ...spec, info: { ...spec.info, description: `${link}\n\n${description}` } };
}

/** The local mock's URL as openapi.yaml names it (its `servers`, top-level and per path). */
const SPEC_MOCK_URL = "http://127.0.0.1:4010";

/**
 * The spec with `mockUrl` wherever it names the local mock: the page's Servers box then shows where the
 * mock really runs (`HIRO_MOCK_PORT`). `spec` itself is not changed.
 */
export function withMockUrl(spec: unknown, mockUrl: string): unknown {
  const moved = (servers: unknown) =>
    Array.isArray(servers)
      ? servers.map((server) =>
          isRecord(server) && server.url === SPEC_MOCK_URL ? { ...server, url: mockUrl } : server,
        )
      : servers;
  if (!isRecord(spec)) return spec;
  const paths = isRecord(spec.paths)
    ? Object.fromEntries(
        Object.entries(spec.paths).map(([path, item]) => [
          path,
          isRecord(item) && "servers" in item ? { ...item, servers: moved(item.servers) } : item,
        ]),
      )
    : spec.paths;
  return { ...spec, ...("servers" in spec ? { servers: moved(spec.servers) } : {}), paths };
}

/** Options of {@link buildDocs}. */
export interface BuildDocsOptions {
  /** Where the mock runs, shown in the page's Servers box in place of the spec's `http://127.0.0.1:4010`. */
  mockUrl?: string | undefined;
}

/**
 * Builds `docs/index.html` from `openapi.yaml` with `redocly build-docs --inlineBundle`, post-processes
 * it (the footer logo inlined instead of fetched from Redocly's CDN, an inline favicon, layout CSS:
 * scripts/lib/portal.ts), renders `docs/guide.md` to `docs/guide.html` beside it, then checks the
 * page loads nothing from other hosts.
 * @throws when Redocly fails, or when the page is not offline-safe (the page is then deleted).
 */
export async function buildDocs(given: BuildDocsOptions = {}): Promise<BuildDocsResult> {
  await mkdir(dirname(DOCS_FILE), { recursive: true });
  const started = performance.now();
  const spec: unknown = parse(await readFile(SPEC, "utf8"));
  const options = JSON.stringify(await redocOptions(spec));
  // The page is built from a copy of the spec whose description starts with a link to the guide:
  // the link only makes sense beside guide.html, so openapi.yaml itself (shipped) does not carry it.
  const scratch = await mkdtemp(join(tmpdir(), "hiro-docs-"));
  try {
    const copy = join(scratch, "openapi.json");
    const shown = given.mockUrl === undefined ? spec : withMockUrl(spec, given.mockUrl);
    await writeFile(copy, JSON.stringify(withGuideLink(shown)));
    await runRedocly([
      "build-docs",
      copy,
      "--inlineBundle",
      "--title",
      TITLE,
      "--openapi",
      options,
      "-o",
      DOCS_FILE,
    ]);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const html = postProcessReference(await readFile(DOCS_FILE, "utf8"));
  await writeFile(DOCS_FILE, html);
  await writeFile(GUIDE_FILE, renderGuide(await readFile(GUIDE_SOURCE, "utf8"), GUIDE_TITLE));
  const ms = Math.round(performance.now() - started);
  const problems = findOfflineProblems(html);
  if (problems.length > 0) {
    // Remove the page, so nothing serves (or treats as up to date) a page that needs the network.
    await rm(DOCS_FILE, { force: true });
    const list = problems.join("\n  ");
    throw new Error(
      `${relative(ROOT, DOCS_FILE)} is not offline-safe, removed it (${problems.length}):\n  ${list}`,
    );
  }
  return { file: DOCS_FILE, guide: GUIDE_FILE, bytes: (await stat(DOCS_FILE)).size, ms };
}
