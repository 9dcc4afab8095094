import type { ReactNode } from "react";
import { type AppEnvironment, appEnvironment } from "../../lib/app-environment.ts";

/**
 * A hint for someone trying the app on the devnet (a script to run, a test account): shown only in a devnet
 * build, so mainnet and testnet users never read developer instructions.
 */
export function DevnetHint({
  children,
  environment = appEnvironment,
}: {
  readonly children: ReactNode;
  /** The build's environment; a test passes another one. */
  readonly environment?: AppEnvironment;
}) {
  if (environment !== "devnet") return null;
  return <p className="hint devnet-hint">{children}</p>;
}
