/**
 * `npm run mock`: serves openapi.yaml with Prism on 127.0.0.1 (port: env HIRO_MOCK_PORT, else 4010) until
 * SIGINT/SIGTERM. Flags: `--dynamic` (bodies generated from the schemas), `--seed <n>` (repeatable dynamic data).
 */
import { parseArgs } from "node:util";
import { startPrism } from "./lib/prism.js";

const { values } = parseArgs({
  options: { dynamic: { type: "boolean", default: false }, seed: { type: "string" } },
  strict: true,
});
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed))
  throw new Error(`--seed must be an integer, got ${values.seed}`);

const started = Date.now();
const prism = await startPrism({
  dynamic: values.dynamic,
  ...(seed === undefined ? {} : { seed }),
  // Prism logs at warn level; drop the "no path matched" lines of our own readiness probe.
  log: (line) => {
    if (!line.includes("/__ready")) process.stderr.write(`${line}\n`);
  },
});
const { url } = prism;
const principal = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const sat = "1252201400444387";
const txId = "2bb85f4b004be6da54f766c17c1e855187327112c231ef2ff35ebad0ea67c69e";

process.stdout.write(
  `Prism mock of openapi.yaml (${values.dynamic ? "dynamic" : "static"} mode) listening on ${url} ` +
    `(ready in ${Date.now() - started} ms). Ctrl-C to stop.

Try:
  curl -s ${url}/metadata/v1/sft/${principal}/35
  curl -s -H 'Prefer: code=422, example=localeNotFound' '${url}/metadata/v1/sft/${principal}/35?locale=xx'
    # a non-2xx example needs code= too: 'Prefer: example=localeNotFound' alone is a 404 NOT_FOUND
  curl -s '${url}/ordinals/v1/sats/${sat}/inscriptions?limit=2'
  curl -si '${url}/ordinals/v1/sats/${sat}/inscriptions?limit=61'     # 400 + sl-violations header
  curl -s ${url}/runes/v1/transactions/${txId}/activity
  curl -s -H 'Prefer: example=emptyPage' ${url}/runes/v1/transactions/${txId}/activity
  curl -s -H 'Prefer: dynamic=true' ${url}/runes/v1/transactions/${txId}/activity
`,
);

let stopping = false;
prism.process.once("exit", (code, signal) => {
  if (stopping) return;
  process.stderr.write(`Prism exited unexpectedly (code ${code}, signal ${signal}).\n`);
  process.exit(1);
});

const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`\n${signal}: stopping Prism…\n`);
  await prism.stop();
  process.exit(0);
};
process.on("SIGINT", (s) => void shutdown(s));
process.on("SIGTERM", (s) => void shutdown(s));
