import { inject } from "vitest";
import { type LocalStack, startLocalStack } from "./local-stack.ts";

/** The local stack with the embedded wallet's secure origin and the devnet mail server running. */
export type EmailWalletStack = LocalStack & { readonly embeddedWallet: NonNullable<LocalStack["embeddedWallet"]> };

/** Starts the local stack with the embedded wallet (the built frame, allowed for `appUrl`) and its devnet inbox. */
export async function startEmailWalletStack(appUrl: string): Promise<EmailWalletStack> {
  const stack = await startLocalStack({
    embeddedWallet: { secureAppDir: inject("secureDir"), allowedOrigins: [appUrl] },
  });
  const { embeddedWallet } = stack;
  if (!embeddedWallet) {
    await stack.stop();
    throw new Error("the stack started without the embedded wallet");
  }
  return { ...stack, embeddedWallet };
}
