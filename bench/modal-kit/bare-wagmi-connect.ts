import { createConfig, http } from "wagmi";
import { connect } from "wagmi/actions";
import { injected } from "wagmi/connectors";
import { ethereumDevnetChain } from "../../src/generated/index.ts";

const config = createConfig({ chains: [ethereumDevnetChain], connectors: [injected()], transports: { 31337: http() } });

/** Connects the first wallet announced over EIP-6963, else the generic injected provider. */
export async function connectInjected() {
  const connector = config.connectors.find((candidate) => candidate.id !== "injected") ?? config.connectors[0];
  if (connector) await connect(config, { connector });
}
