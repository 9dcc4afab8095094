/**
 * The devnet's pieces the server's tests run against (chains' contract addresses, the devnet itself, the Beacon API
 * and validator client stand-ins, the mail server). Server files never import devnet/ themselves
 * (tests/import-rules.test.ts): a test that needs both goes through here.
 */
export {
  depositContractAddress,
  ethStakingAddress,
  rewardsClaimAddress,
  ssvNetworkAddress,
  ssvNetworkViewsAddress,
  withdrawalRequestsAddress,
} from "../../devnet/addresses.ts";
export { type RunningBeaconStandIn, startBeaconStandIn } from "../../devnet/beacon/start-beacon-stand-in.ts";
export { createDevnetClient, type DevnetClient } from "../../devnet/devnet-client.ts";
export { devnetSettings } from "../../devnet/devnet-settings.ts";
export { installEthereumContracts } from "../../devnet/install-contracts.ts";
export { installTokens } from "../../devnet/install-tokens.ts";
export { type RunningMailServer, startMailServer } from "../../devnet/mail/start-mail-server.ts";
export { type RunningDevnet, startDevnet } from "../../devnet/start-devnet.ts";
export {
  type RunningValidatorClient,
  startValidatorClient,
} from "../../devnet/validator-client/start-validator-client.ts";
