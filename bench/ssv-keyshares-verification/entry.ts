/** The bench page: keyshares and deposit-data verification as the app runs them (the BLS Web Worker included). */

import {
  type KeysharesExpectations,
  type KeysharesUpload,
  verifyKeyshares,
} from "../../src/core/ssv/verify-keyshares.ts";
import { verifyDeposits } from "../../src/families/ethereum-beacon/verify-deposits.ts";
import {
  checkShareKeysOffMainThread,
  startSignatureWorker,
  verifySignaturesOffMainThread,
} from "../../src/families/ethereum-beacon/verify-signatures-off-main-thread.ts";

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
