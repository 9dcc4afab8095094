import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, getAddress } from "viem";
import { z } from "zod";

/** One of the devnet SSV network's operators, as devnet/ssv/devnet-operators.json lists it (devnet-only keys). */
export interface DevnetOperator {
  /** Operator id on the devnet SSVNetwork (registration order, from 1). */
  readonly id: number;
  /** Display name (off-chain, like the names the SSV Network's API serves). */
  readonly name: string;
  /** Account that registered the operator (a keyless address the devnet impersonates). */
  readonly owner: Address;
  /** Fee in SSV wei per validator per block. */
  readonly fee: bigint;
  /** base64 of the PEM "-----BEGIN RSA PUBLIC KEY-----" text: the form SSV operators publish and register. */
  readonly publicKey: string;
  /** The matching RSA-2048 private key (PKCS#1 PEM): decrypts the shares encrypted to the operator. */
  readonly privateKeyPem: string;
}

const operatorSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  owner: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "an address"),
  fee: z.string().regex(/^\d+$/, "a whole number of wei"),
  publicKey: z.string().regex(/^[A-Za-z0-9+/]+=*$/, "base64"),
  privateKeyPem: z.string().startsWith("-----BEGIN RSA PRIVATE KEY-----"),
});

const fileSchema = z.object({ $comment: z.string(), operators: z.array(operatorSchema).length(8) });

/** Where the devnet operators' key pairs and fees live (one file, read by the devnet, tests and tools). */
export const devnetOperatorsPath = join(import.meta.dirname, "devnet-operators.json");

/** Reads and checks devnet/ssv/devnet-operators.json; ids must be 1..8 in order (the devnet registers them so). */
export function readDevnetOperators(path: string = devnetOperatorsPath): readonly DevnetOperator[] {
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join("/")}: ${issue.message}`);
    throw new Error(`${path} is not a valid devnet operators file:\n${problems.join("\n")}`);
  }
  return parsed.data.operators.map((operator, index) => {
    if (operator.id !== index + 1) throw new Error(`${path}: operator ${index + 1} has id ${operator.id}`);
    return { ...operator, owner: getAddress(operator.owner), fee: BigInt(operator.fee) };
  });
}
