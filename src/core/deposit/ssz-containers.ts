import { ByteVectorType, ContainerType, UintBigintType } from "@chainsafe/ssz";

/** The consensus-spec SSZ containers a deposit is built from (phase0 and electra share them). */

const Bytes4 = new ByteVectorType(4);
const Bytes32 = new ByteVectorType(32);
const Bytes48 = new ByteVectorType(48);
const Bytes96 = new ByteVectorType(96);
const Gwei = new UintBigintType(8);

export const DepositMessage = new ContainerType({
  pubkey: Bytes48,
  withdrawalCredentials: Bytes32,
  amount: Gwei,
});

export const DepositData = new ContainerType({
  pubkey: Bytes48,
  withdrawalCredentials: Bytes32,
  amount: Gwei,
  signature: Bytes96,
});

export const ForkData = new ContainerType({
  currentVersion: Bytes4,
  genesisValidatorsRoot: Bytes32,
});

export const SigningData = new ContainerType({
  objectRoot: Bytes32,
  domain: Bytes32,
});
