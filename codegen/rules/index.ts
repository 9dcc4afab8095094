import { amountRanges } from "./amount-ranges.ts";
import { appLanguages } from "./app-languages.ts";
import { checksummedAddresses } from "./checksummed-addresses.ts";
import type { Rule } from "./context.ts";
import { delegationTargets } from "./delegation-targets.ts";
import { durationRanges } from "./duration-ranges.ts";
import { familyRequirements } from "./family-requirements.ts";
import { fileNameMatchesSlug } from "./file-name-matches-slug.ts";
import { httpsUrls } from "./https-urls.ts";
import { localeKeysExist } from "./locale-keys-exist.ts";
import { localeParity } from "./locale-parity.ts";
import { networkIcons } from "./network-icons.ts";
import { ssvContracts } from "./ssv-contracts.ts";
import { ssvSettings } from "./ssv-settings.ts";
import { ssvStartBlock } from "./ssv-start-block.ts";
import { uniqueChainIds } from "./unique-chain-ids.ts";
import { uniqueIds } from "./unique-ids.ts";
import { uniqueSlugs } from "./unique-slugs.ts";
import { uniqueTokenAddresses } from "./unique-token-addresses.ts";
import { walletKitLists } from "./wallet-kit-lists.ts";

/** Rules JSON Schema cannot express, run over all files together after schema validation. */
export const crossFileRules: readonly Rule[] = [
  fileNameMatchesSlug,
  uniqueSlugs,
  uniqueIds,
  uniqueChainIds,
  uniqueTokenAddresses,
  checksummedAddresses,
  amountRanges,
  durationRanges,
  httpsUrls,
  familyRequirements,
  delegationTargets,
  ssvContracts,
  localeKeysExist,
  localeParity,
  appLanguages,
  walletKitLists,
  networkIcons,
  ssvSettings,
  ssvStartBlock,
];
