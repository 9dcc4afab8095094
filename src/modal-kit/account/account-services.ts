import type { ModalKit } from "../kit/create-modal-kit.ts";
import { type AccountData, createAccountData } from "./account-data.ts";
import { type BlockchainApiClient, createBlockchainApiClient } from "./blockchain-api-client.ts";

export interface AccountServices {
  readonly api: BlockchainApiClient;
  readonly data: AccountData;
}

const services = new WeakMap<ModalKit, AccountServices>();

/** The blockchain API client and account data of a kit (one of each per kit), or none without an API URL. */
export function accountServicesFor(kit: ModalKit): AccountServices | undefined {
  const { blockchainApiUrl, projectId, version } = kit.options;
  if (!blockchainApiUrl) return undefined;
  let found = services.get(kit);
  if (!found) {
    const client = createBlockchainApiClient({
      baseUrl: blockchainApiUrl,
      projectId: projectId ?? "self-hosted",
      sdkType: "modal-kit",
      sdkVersion: version ?? "1",
    });
    // A failed call is reported as API_ERROR (spec section 8) and rethrown to the view.
    const reported =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      (...args: A) =>
        kit.analytics.wrap(() => call(...args), "API_ERROR");
    const api: BlockchainApiClient = {
      balances: reported(client.balances),
      history: reported(client.history),
      identity: reported(client.identity),
      namesForAddress: reported(client.namesForAddress),
      suggestions: reported(client.suggestions),
      registerName: reported(client.registerName),
    };
    found = { api, data: createAccountData(api) };
    services.set(kit, found);
  }
  return found;
}
