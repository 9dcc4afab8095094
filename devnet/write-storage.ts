import { type Address, numberToHex, pad, stringToHex, type TestClient, toHex } from "viem";
import { getStorageAt, setStorageAt } from "viem/actions";

/** A state variable's place in storage, as contracts/generated/<Name>.ts lists it. */
export interface StorageVariable {
  readonly slot: number;
  readonly offset: number;
  readonly type: string;
}

export type StorageValue = bigint | number | Address | string;

function bitsOf(type: string): number {
  if (type === "t_address") return 160;
  if (type === "t_bool") return 8;
  const match = /^t_u?int(\d+)$/.exec(type);
  if (match?.[1]) return Number(match[1]);
  throw new Error(`write-storage: unsupported type ${type}`);
}

/** The word for a short string (< 32 bytes): data left-aligned, length * 2 in the last byte. */
function shortStringWord(value: string): bigint {
  const bytes = new TextEncoder().encode(value);
  if (bytes.length > 31) throw new Error(`write-storage: string "${value}" is longer than 31 bytes`);
  const data = BigInt(pad(stringToHex(value), { dir: "right", size: 32 }));
  return data | BigInt(bytes.length * 2);
}

/**
 * Writes state variables of a contract installed without a constructor, by name, through anvil_setStorageAt.
 * Variables packed into one slot are merged with what the slot already holds.
 */
export async function writeStorage(
  client: TestClient,
  address: Address,
  layout: Readonly<Record<string, StorageVariable>>,
  values: Readonly<Record<string, StorageValue>>,
): Promise<void> {
  const words = new Map<number, bigint>();
  for (const [name, value] of Object.entries(values)) {
    const variable = layout[name];
    if (!variable) throw new Error(`write-storage: no state variable ${name} at ${address}`);
    let word = words.get(variable.slot);
    if (word === undefined) {
      const current = await getStorageAt(client, { address, slot: numberToHex(variable.slot, { size: 32 }) });
      word = BigInt(current ?? "0x0");
    }
    if (variable.type === "t_string_storage") {
      word = shortStringWord(String(value));
    } else {
      const bits = BigInt(bitsOf(variable.type));
      const shift = BigInt(variable.offset * 8);
      const mask = ((1n << bits) - 1n) << shift;
      const raw = BigInt(value);
      if (raw < 0n || raw >> bits !== 0n)
        throw new Error(`write-storage: ${name} = ${value} does not fit ${variable.type}`);
      word = (word & ~mask) | (raw << shift);
    }
    words.set(variable.slot, word);
  }
  for (const [slot, word] of words) {
    await setStorageAt(client, {
      address,
      index: numberToHex(slot, { size: 32 }),
      value: toHex(word, { size: 32 }),
    });
  }
}
