/**
 * Chainhooks deliveries for the purge's tests, typed with `@hirosystems/chainhooks-client` and shaped as
 * Hiro's payload anatomy: `{ event: { apply, rollback, chain, network }, chainhook }`, each block's
 * transactions carrying their operations; a SIP-019 notice is a `contract_log` operation (topic `print`)
 * whose value, decoded (`decode_clarity_values`), has `hex` and `repr`.
 */
import type {
  ChainhookEvent,
  StacksBlock,
  StacksContractLogOperation,
  StacksTransaction,
} from "@hirosystems/chainhooks-client";

/** The Clarity `repr` of a SIP-019 print (token ids as uints; none: the whole contract). */
export function sip019Repr(contract: string, tokenClass: "ft" | "nft" | "sft", tokenIds?: number[]): string {
  const ids = tokenIds === undefined ? "" : ` (token-ids (list ${tokenIds.map((id) => `u${id}`).join(" ")}))`;
  return `(tuple (notification "token-metadata-update") (payload (tuple (contract-id '${contract}) (token-class "${tokenClass}")${ids})))`;
}

/** A `contract_log` print of `contract` with the decoded value `repr`. */
export function printOperation(contract: string, repr: string, index = 0): StacksContractLogOperation {
  return {
    type: "contract_log",
    status: "success",
    operation_identifier: { index },
    metadata: {
      contract_identifier: contract,
      topic: "print",
      // The consensus hex is not read by the gateway (it reads repr): a placeholder of the right shape.
      value: { hex: "0x0c00000002", repr },
    },
  };
}

/** A contract call by `sender` whose operations are `operations`. */
function transaction(
  hash: string,
  sender: string,
  operations: StacksContractLogOperation[],
): StacksTransaction {
  return {
    transaction_identifier: { hash },
    operations,
    metadata: {
      canonical: true,
      microblock_canonical: true,
      execution_cost: { read_count: 5, read_length: 1_200, runtime: 9_000, write_count: 0, write_length: 0 },
      fee_rate: "3000",
      nonce: 12,
      type: "contract_call",
      position: { index: 0, microblock_identifier: null },
      result: { hex: "0x0703", repr: "(ok true)" },
      sender_address: sender,
      sponsor_address: null,
      sponsored: false,
      status: "success",
      vm_error: null,
    },
  };
}

/** A block at `height` holding one transaction with `operations`. */
export function block(height: number, operations: StacksContractLogOperation[]): StacksBlock {
  const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
  return {
    block_identifier: { index: height, hash: hash(height) },
    parent_block_identifier: { index: height - 1, hash: hash(height - 1) },
    timestamp: 1_757_977_309,
    transactions: [
      transaction(hash(height + 1_000_000), "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9", operations),
    ],
  };
}

/** A delivery: blocks applied, and blocks rolled back (a reorg). */
export function delivery(apply: StacksBlock[], rollback: StacksBlock[] = []): ChainhookEvent {
  return {
    event: { apply, rollback, chain: "stacks", network: "mainnet" },
    chainhook: { name: "token-metadata-updates", uuid: "be4ab3ed-b606-4fe0-97c4-6c0b1ac9b185" },
  };
}
