/** The bench page: keyshares and deposit-data verification as the app runs them (the BLS Web Worker included). */
import { verifyDeposits } from "../../src/families/ethereum-beacon/verify-deposits.ts";
import {
  checkShareKeysOffMainThread,
  startSignatureWorker,
  verifySignaturesOffMainThread,
} from "../../src/families/ethereum-beacon/verify-signatures-off-main-thread.ts";
import {
  type KeysharesExpectations,
  type KeysharesUpload,
  verifyKeyshares,
} from "../../src/lib/ssv/verify-keyshares.ts";

declare global {
  interface Window {
    __ssvKeysharesBench?: {
      verifyKeyshares(
        files: KeysharesUpload[],
        expected: Omit<KeysharesExpectations, "isRegistered">,
      ): Promise<boolean>;
      verifyDeposits: typeof verifyDeposits;
    };
  }
}

window.__ssvKeysharesBench = {
  async verifyKeyshares(files, expected) {
    startSignatureWorker();
    const result = await verifyKeyshares(
      files,
      { ...expected, isRegistered: async () => false },
      verifySignaturesOffMainThread,
      checkShareKeysOffMainThread,
    );
    return result.ok;
  },
  verifyDeposits,
};
