/**
 * `hiro-lookup explain <ft|nft|sft> <principal> [token_id]`: the doctor (`hiro-lookup/doctor`) on one
 * token. Text on a terminal; JSON (`{ verdict, findings, fixes }`) with `--json` or when stdout is not a
 * terminal, for scripts. Everything a host or the service sent is stripped of control characters before
 * it is printed. The exit code is the verdict's (0 only for `ok`; see EXIT); a lookup that fails exits as
 * `sft` does. Under `--mock`, the token hosts are the mock's (the documents and images its examples name).
 */
import type { Command } from "commander";
import { type DiagnoseOptions, type Diagnosis, diagnoseToken, type TokenKind } from "../doctor/index.js";
import { HiroValidationError } from "../index.js";
import { EXIT } from "./exit-codes.js";
import { lookupGlobals, readsGlobals } from "./help.js";
import { type CliIo, widthOf } from "./io.js";
import type { LookupRunner } from "./lookup-action.js";
import { jsonText } from "./output.js";
import { printable, wrap } from "./text.js";

const EXAMPLE = "SP2KAF9RF86PVX3NEE27DFV1CQX0T4WGR41X3S45C.bitcoin-monkeys";

/** `explain`'s own flags, as commander names them. */
interface ExplainFlags {
  locale?: string;
  uri?: string;
  ipfsGateway?: string;
  arweaveGateway?: string;
  allowPrivateNetwork?: boolean;
}

const MARK = { ok: "ok", wait: "wait", problem: "FIX", unchecked: "SKIP" } as const;

/** The exit code of each verdict. */
export const VERDICT_EXIT = {
  ok: EXIT.ok,
  problem: EXIT.explainProblem,
  pending: EXIT.explainPending,
  unchecked: EXIT.explainUnchecked,
} as const;

/** The diagnosis as text lines fitted to `width`. */
export function diagnosisText(diagnosis: Diagnosis, width: number): string[] {
  const lines = [`verdict: ${diagnosis.verdict}`, "", "findings:"];
  const indented = (text: string, indent: string) =>
    wrap(printable(text, 2000), width - indent.length).map((line) => `${indent}${line}`);
  for (const finding of diagnosis.findings) {
    lines.push(...indented(`${MARK[finding.level]} ${finding.code}: ${finding.message}`, "  "));
    const evidence = Object.entries(finding.evidence)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => `${key}=${String(value)}`)
      .join("  ");
    if (evidence) lines.push(...indented(evidence, "         "));
  }
  if (diagnosis.fixes.length > 0) lines.push("", "fixes:");
  for (const fix of diagnosis.fixes) {
    lines.push(...indented(`[${fix.audience}] ${fix.text}`, "  "));
    // A URL is not wrapped: a terminal keeps it clickable, a reader can copy it whole.
    for (const source of fix.sources) lines.push(`      source: ${printable(source, 300)}`);
  }
  return lines;
}

/** Adds `explain` to `program`, run by `run`; `setExit` receives the verdict's exit code. */
export function registerExplain(
  program: Command,
  run: LookupRunner,
  io: CliIo,
  setExit: (code: number) => void,
): void {
  readsGlobals(program.command("explain"), lookupGlobals("metadata", ["json"]))
    .description("why a token's metadata or image is missing, and what to do (read-only)")
    .argument("<kind>", "ft, nft or sft")
    .argument("<principal>", `contract principal, e.g. ${EXAMPLE}`)
    .argument("[token_id]", "token id (nft and sft)")
    .option("--locale <locale>", "metadata locale to ask for, e.g. es-MX")
    .option("--uri <uri>", "a token URI to check when the service gives none")
    .option("--ipfs-gateway <url>", "gateway for ipfs:// URIs (default https://ipfs.io)")
    .option("--arweave-gateway <url>", "gateway for ar:// URIs (default https://arweave.net)")
    .option(
      "--allow-private-network",
      "fetch token URIs and images at loopback and private addresses too (your own hosts)",
    )
    .addHelpText(
      "after",
      `\nOutput: text on a terminal; JSON with --json or when stdout is not a terminal.
Exit codes: 0 verdict ok, ${EXIT.explainProblem} problem, ${EXIT.explainPending} pending, ${EXIT.explainUnchecked} unchecked (a step could not be
  checked from here: a private address, a host this machine cannot reach); a failed lookup as for sft.
Under --mock the token hosts are the mock's: the documents and images its examples name.

Examples:\n  $ hiro-lookup --mock explain nft ${EXAMPLE} 1234\n  $ hiro-lookup explain sft SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1 35 --json`,
    )
    .action(
      run(async (client, global, command, mock) => {
        const [kind, principal, tokenId] = command.processedArgs as [string, string, string | undefined];
        if (kind !== "ft" && kind !== "nft" && kind !== "sft")
          throw new HiroValidationError("<kind>", `must be ft, nft or sft (got ${printable(kind, 20)})`);
        const flags = command.opts<ExplainFlags>();
        const options: DiagnoseOptions = {
          ...(flags.locale === undefined ? {} : { locale: flags.locale }),
          ...(flags.uri === undefined ? {} : { tokenUri: flags.uri }),
          gateways: { ipfs: flags.ipfsGateway, arweave: flags.arweaveGateway },
          ...(global.timeout === undefined ? {} : { timeoutMs: global.timeout }),
          ...(flags.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
          ...(mock?.tokenHost ? { fetch: mock.tokenHost } : {}),
        };
        const target = {
          kind: kind as TokenKind,
          principal,
          ...(tokenId === undefined ? {} : { token_id: tokenId }),
        };
        const diagnosis = await diagnoseToken(client, target, options);
        if (global.json || !io.stdout.isTTY)
          io.stdout.write(`${jsonText(diagnosis, Boolean(io.stdout.isTTY))}\n`);
        else io.stdout.write(`${diagnosisText(diagnosis, widthOf(io)).join("\n")}\n`);
        setExit(VERDICT_EXIT[diagnosis.verdict]);
      }),
    );
}
