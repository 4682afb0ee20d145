/**
 * `npm run test:runtimes`: the packed tarball, imported and used on every runtime users deploy to —
 * the machine's Node, Node 22 and 24, Bun, Deno, Cloudflare workerd and Chromium — as ESM, and as
 * CommonJS where the runtime has both. Each run does the four checks of test/runtimes/checks.mjs (and, on
 * Node and Bun, `hiro-lookup/query`'s, both builds)
 * against local servers (scripts/lib/runtime-servers.ts); all runs go at once. The test kit
 * (`hiro-lookup/msw`) is also run with msw 3, which needs Node 22.12 or newer: under vitest and jest on
 * Node 22 and 24, and its types against msw 3's (scripts/lib/msw-kit-jobs.ts).
 *
 * Prints one line per (runtime, format, check), writes reports/runtimes.json and exits non-zero when
 * a check failed. With CI=true a runtime that cannot be had is a failure; otherwise it is skipped, loudly.
 * Runtimes are cached in .cache/runtimes/ (delete it to reinstall); the build goes to .tmp/runtimes/.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { checkKitTypes, kitJobs, prepareKitConsumer } from "./lib/msw-kit-jobs.js";
import { ensureMsw3, MSW3_CACHE } from "./lib/msw3.js";
import { METADATA, PRINCIPAL, type RuntimeConfig, TOKENS } from "./lib/runtime-data.js";
import { type RunOutput, runChromium, runProcess, runWorkerd, startWorkerd } from "./lib/runtime-jobs.js";
import { jsonPort, runRefusals, servePort, startListening } from "./lib/runtime-refusals.js";
import { startRuntimeServers } from "./lib/runtime-servers.js";
import { chromiumPath, ensureRuntimes, machineNode, versionOf } from "./lib/runtimes.js";

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL("../", import.meta.url));
const FIXTURES = join(ROOT, "test/runtimes");
const WORK = join(ROOT, ".tmp/runtimes");
const CONSUMER = join(WORK, "consumer");
const CACHE = join(ROOT, ".cache/runtimes");
const REPORT = join(ROOT, "reports/runtimes.json");
const CHECKS: readonly string[] = ["success", "api-error", "timeout", "redirect-refused"];
/** The msw 3 checks of the test kit (scripts/lib/msw-kit-jobs.ts), after the library's own. */
const KIT_CHECKS: readonly string[] = ["msw3 vitest", "msw3 jest", "msw3 types"];
const RUNTIMES: readonly string[] = ["node20", "node22", "node24", "bun", "deno", "workerd", "chromium"];
const CI = process.env.CI === "true" || process.env.CI === "1";

interface Job {
  runtime: string;
  format: "esm" | "cjs";
  /** What the run checks (default: the library's {@link CHECKS}). */
  checks?: readonly string[];
  /** Why the runtime cannot run here; undefined when it can. */
  missing?: string | undefined;
  version?: () => Promise<string>;
  run?: (config: RuntimeConfig) => Promise<RunOutput>;
}
interface Line {
  runtime: string;
  format: string;
  check: string;
  status: "pass" | "fail" | "skip";
  detail: string;
}

/** `npm pack` (its `prepack` builds dist/ with tsup) into .tmp/runtimes, then installs the tarball into a consumer project. */
async function packAndInstall(): Promise<string> {
  await exec("npm", ["pack", "--pack-destination", WORK, "--loglevel", "error"], {
    cwd: ROOT,
    maxBuffer: 1 << 24,
  });
  const tarball = readdirSync(WORK).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack left no tarball in ${WORK}`);
  mkdirSync(CONSUMER);
  const manifest = { name: "consumer", private: true, dependencies: { "hiro-lookup": `file:../${tarball}` } };
  writeFileSync(join(CONSUMER, "package.json"), JSON.stringify(manifest));
  await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel", "error"], {
    cwd: CONSUMER,
    maxBuffer: 1 << 24,
  });
  for (const file of readdirSync(FIXTURES).filter((f) => !f.endsWith(".d.mts")))
    copyFileSync(join(FIXTURES, file), join(CONSUMER, file));
  prepareKitConsumer(CONSUMER, await ensureMsw3(MSW3_CACHE, console.log));
  // The bundled runtimes get the installed package as a bundler would give it to them.
  const bundle = (entry: string, outfile: string, conditions: string[]) =>
    build({
      entryPoints: [join(CONSUMER, entry)],
      outfile,
      bundle: true,
      format: "esm",
      platform: "browser",
      conditions,
      logLevel: "error",
    });
  mkdirSync(join(WORK, "browser"));
  writeFileSync(
    join(WORK, "browser/index.html"),
    '<!doctype html><script type="module" src="browser.js"></script>\n',
  );
  await Promise.all([
    bundle("worker.mjs", join(CONSUMER, "worker.js"), ["workerd", "worker"]),
    bundle("browser.mjs", join(WORK, "browser/browser.js"), []),
  ]);
  return tarball;
}

function jobs(runtimes: Awaited<ReturnType<typeof ensureRuntimes>>): Job[] {
  const env = {
    ...process.env,
    NO_COLOR: "1",
    DO_NOT_TRACK: "1",
    DENO_NO_UPDATE_CHECK: "1",
    DENO_DIR: join(WORK, "deno-dir"),
  };
  const list: Job[] = [];
  const node = machineNode();
  const nodes: Array<[string, { path?: string; problem?: string }]> = [
    ["node20", { path: node }],
    ["node22", runtimes.node22 ?? {}],
    ["node24", runtimes.node24 ?? {}],
    ["bun", runtimes.bun ?? {}],
  ];
  for (const [runtime, { path, problem }] of nodes) {
    for (const [format, file] of [
      ["esm", "esm.mjs"],
      ["cjs", "cjs.cjs"],
    ] as const) {
      list.push({
        runtime,
        format,
        // hiro-lookup/query and hiro-lookup/server, ESM and CommonJS, where both builds run.
        checks: [...CHECKS, "query", "gateway"],
        missing: path ? undefined : problem,
        version: () => versionOf(path as string),
        run: (config) => runProcess(path as string, [file, JSON.stringify(config)], CONSUMER, env),
      });
    }
  }
  const deno = runtimes.deno?.path;
  list.push({
    runtime: "deno",
    format: "esm",
    checks: [...CHECKS, "gateway"],
    missing: deno ? undefined : runtimes.deno?.problem,
    version: () => versionOf(deno as string),
    run: (config) =>
      runProcess(
        deno as string,
        [
          "run",
          "--no-lock",
          "--node-modules-dir=manual",
          "--allow-net=127.0.0.1",
          `--allow-read=${CONSUMER}`,
          "esm.mjs",
          JSON.stringify(config),
        ],
        CONSUMER,
        env,
      ),
  });
  const workerd = runtimes.workerd?.path;
  list.push({
    runtime: "workerd",
    format: "esm",
    checks: [...CHECKS, "gateway"],
    missing: workerd ? undefined : runtimes.workerd?.problem,
    version: () => versionOf(workerd as string),
    run: (config) => runWorkerd(workerd as string, join(CONSUMER, "workerd.capnp"), config),
  });
  // The gateway on each runtime's own server, its refusals probed from outside.
  const lookup = `/metadata/v1/sft/${PRINCIPAL}/${TOKENS.ok}`;
  const serveEnv = { ...env, HIRO_API_KEY: "", HIRO_REDIS_URL: "", HIRO_REDIS_CLUSTER: "", HIRO_LOG: "" };
  const cli = join(CONSUMER, "node_modules/hiro-lookup/dist/cli.js");
  for (const [runtime, { path, problem }] of nodes.slice(0, 3))
    list.push({
      runtime,
      format: "esm",
      checks: ["refusals"],
      missing: path ? undefined : problem,
      run: (config) =>
        runRefusals(
          () =>
            startListening(
              path as string,
              [cli, "--base-url", config.baseUrl, "serve", "--port", "0", "--per-ip", "1"],
              CONSUMER,
              serveEnv,
              servePort,
            ),
          { prefix: "", countsKeyless: false, lookup },
        ),
    });
  const bun = runtimes.bun?.path;
  list.push({
    runtime: "bun",
    format: "esm",
    checks: ["refusals"],
    missing: bun ? undefined : runtimes.bun?.problem,
    run: (config) =>
      runRefusals(
        () =>
          startListening(
            bun as string,
            ["serve-gateway.mjs", JSON.stringify(config)],
            CONSUMER,
            env,
            jsonPort,
          ),
        { prefix: "", countsKeyless: true, lookup },
      ),
  });
  list.push({
    runtime: "deno",
    format: "esm",
    checks: ["refusals"],
    missing: deno ? undefined : runtimes.deno?.problem,
    run: (config) =>
      runRefusals(
        () =>
          startListening(
            deno as string,
            [
              "run",
              "--no-lock",
              "--node-modules-dir=manual",
              "--allow-net=127.0.0.1",
              `--allow-read=${CONSUMER}`,
              "serve-gateway.mjs",
              JSON.stringify(config),
            ],
            CONSUMER,
            env,
            jsonPort,
          ),
        { prefix: "", countsKeyless: true, lookup },
      ),
  });
  list.push({
    runtime: "workerd",
    format: "esm",
    checks: ["refusals"],
    missing: workerd ? undefined : runtimes.workerd?.problem,
    run: (config) =>
      runRefusals(() => startWorkerd(workerd as string, join(CONSUMER, "workerd.capnp")), {
        prefix: "/gateway",
        // As Cloudflare's edge sets it; x-upstream names the runner's API server to the Worker.
        headers: { "x-upstream": config.baseUrl, "cf-connecting-ip": "203.0.113.7" },
        countsKeyless: true,
        lookup,
      }),
  });
  const chrome = chromiumPath();
  list.push({
    runtime: "chromium",
    format: "esm",
    missing: chrome ? undefined : "no chromium (apt-get install chromium, or set CHROME_PATH)",
    run: (config) => runChromium(chrome as string, join(WORK, "browser"), config),
  });
  // The test kit with msw 3, on the runtimes msw 3 supports (Node 22.12 or newer).
  list.push(...kitJobs(nodes.slice(1, 3), CONSUMER, ROOT, env));
  list.push({
    runtime: "node20",
    format: "esm",
    checks: ["msw3 types"],
    run: () => checkKitTypes(CONSUMER, ROOT, node),
  });
  return list;
}

async function main(): Promise<number> {
  const started = Date.now();
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const [runtimes] = await Promise.all([ensureRuntimes(CACHE, console.log), packAndInstall()]);
  const servers = await startRuntimeServers(PRINCIPAL, METADATA, TOKENS);
  const lines: Line[] = [];
  const notes: Array<{ runtime: string; format: string; text: string }> = [];
  try {
    await Promise.all(
      jobs(runtimes).map(async (job) => {
        const id = `${job.runtime}-${job.format}`;
        const line = (check: string, status: Line["status"], detail: string) =>
          lines.push({ runtime: job.runtime, format: job.format, check, status, detail });
        const checks = job.checks ?? CHECKS;
        if (job.missing !== undefined || !job.run) {
          for (const check of checks) line(check, CI ? "fail" : "skip", `runtime missing: ${job.missing}`);
          return;
        }
        const [version, output] = await Promise.all([
          job.format === "esm" && job.version
            ? job.version().catch((e: Error) => `unknown (${e.message})`)
            : undefined,
          job
            .run({
              baseUrl: servers.apiUrl(id),
              hangUrl: servers.hangUrl,
              principal: PRINCIPAL,
              tokens: TOKENS,
              metadata: METADATA,
            })
            .catch((error: Error) => error),
        ]);
        if (output instanceof Error) {
          for (const check of checks) line(check, "fail", `did not run: ${output.message}`);
          return;
        }
        const shown = version ?? output.version;
        if (shown) notes.push({ ...job, text: `version ${shown}` });
        const loaded = output.loaded?.replace(/^file:\/\//, "").replace(CONSUMER, ".");
        if (loaded) notes.push({ ...job, text: `loaded ${loaded}` });
        for (const check of checks) {
          const result = output.results.find((r) => r.check === check);
          if (!result) {
            line(check, "fail", "no result");
            continue;
          }
          let { ok, detail } = result;
          if (check === "redirect-refused") {
            const landed = servers.landed(id);
            // Refusing means nothing reached the redirect's target, whatever the client then threw.
            if (landed > 0) {
              ok = false;
              detail = `followed the redirect (the target got ${landed} request${landed > 1 ? "s" : ""}); ${detail}`;
            }
          }
          line(check, ok ? "pass" : "fail", `${detail} [${result.ms} ms]`);
        }
      }),
    );
  } finally {
    await servers.close();
  }

  const rank = (l: { runtime: string; format: string }) =>
    RUNTIMES.indexOf(l.runtime) * 2 + (l.format === "cjs" ? 1 : 0);
  const order = [...CHECKS, "query", "gateway", "refusals", ...KIT_CHECKS];
  lines.sort((a, b) => rank(a) - rank(b) || order.indexOf(a.check) - order.indexOf(b.check));
  notes.sort((a, b) => rank(a) - rank(b));
  for (const note of notes) console.log(`${note.runtime.padEnd(8)} ${note.format}  ${note.text}`);
  for (const l of lines) {
    console.log(
      `${l.status.toUpperCase().padEnd(4)}  ${l.runtime.padEnd(8)} ${l.format}  ${l.check.padEnd(16)} ${l.detail}`,
    );
  }
  const count = (status: Line["status"]) => lines.filter((l) => l.status === status).length;
  const summary = { passed: count("pass"), failed: count("fail"), skipped: count("skip") };
  const skippedRuntimes = [...new Set(lines.filter((l) => l.status === "skip").map((l) => l.runtime))];
  if (skippedRuntimes.length > 0) {
    console.log(
      `\n!!! SKIPPED (not installed here; a failure under CI=true): ${skippedRuntimes.join(", ")} !!!`,
    );
  }
  mkdirSync(join(ROOT, "reports"), { recursive: true });
  writeFileSync(
    REPORT,
    `${JSON.stringify({ ...summary, seconds: (Date.now() - started) / 1000, notes, results: lines }, null, 2)}\n`,
  );
  const tail = summary.skipped > 0 ? `, ${summary.skipped} skipped` : "";
  console.log(`\nruntimes took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`runtimes: ${summary.passed} passed, ${summary.failed} failed${tail}`);
  return summary.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
