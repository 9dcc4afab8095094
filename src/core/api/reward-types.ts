/** Which days a reward history lists: all, or only those with a consensus or an execution reward. */
export const REWARD_TYPES = ["all", "consensus", "execution"] as const;
export type RewardType = (typeof REWARD_TYPES)[number];
