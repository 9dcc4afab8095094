import { createConfig, http } from "wagmi";
import { connect } from "wagmi/actions";
import { injected } from "wagmi/connectors";
import { ethereumDevnetChain } from "../../src/generated/index.ts";

const config = createConfig({ chains: [ethereumDevnetChain], connectors: [injected()], transports: { 31337: http() } });

export async function connectInjected() {
  const [connector] = config.connectors;
  if (connector) await connect(config, { connector });
}
