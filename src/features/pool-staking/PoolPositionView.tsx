import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatAmount } from "../../components/ui/coin-amount/use-format-amount.ts";
import { Stat } from "../../components/ui/stat/Stat.tsx";
import { StatGrid } from "../../components/ui/stat-grid/StatGrid.tsx";
import type { PoolPosition, QueuedAmount } from "../../families/delegation-pool/read-pool-state.ts";
import { countdownParts } from "./format-countdown.ts";
import "./pool-position.css";

interface PoolPositionViewProps {
  readonly position: PoolPosition;
  readonly symbol: string;
  readonly decimals: number;
  /** Chain time (unix seconds) at `readAt` (ms, wall clock): countdowns run from it. */
  readonly chainTime: bigint;
  readonly readAt: number;
  /** Called once when a countdown reaches zero, to read the position again. */
  onCountdownEnd(): void;
}

/** The account's stake in the pool (in the coin, fractions too), its state, the time left on each queued batch, and its interest, as stat cards. */
export function PoolPositionView({
  position,
  symbol,
  decimals,
  chainTime,
  readAt,
  onCountdownEnd,
}: PoolPositionViewProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const queued = [...position.locking, ...position.unlocking];
  const chainNow = Number(chainTime) + Math.floor((now - readAt) / 1000);
  const waiting = queued.some((batch) => Number(batch.endsAt) > Number(chainTime));
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  const ended = waiting && queued.every((batch) => Number(batch.endsAt) <= chainNow);
  useEffect(() => {
    if (ended) onCountdownEnd();
  }, [ended, onCountdownEnd]);

  const format = useFormatAmount();
  const wei = (value: bigint) => format(value, { decimals, symbol });
  const countdown = (batch: QueuedAmount) => {
    const parts = countdownParts(Number(batch.endsAt) - chainNow);
    return parts.days > 0 ? t("pool.countdownDays", parts) : parts.clock;
  };
  const unlockingNotReady = position.unlocking.filter((batch) => Number(batch.endsAt) > chainNow);
  const lockingNotReady = position.locking.filter((batch) => Number(batch.endsAt) > chainNow);

  return (
    <StatGrid className="pool-position">
      <Stat className="ui-stat--lead" label={t("pool.position.staked")} value={wei(position.availableWei)} />
      <Stat label={t("pool.position.locked")} value={wei(position.lockedWei)} />
      {lockingNotReady.length > 0 ? (
        <Stat
          label={t("pool.position.locking")}
          value={
            <ul className="pool-position__batches">
              {lockingNotReady.map((batch) => (
                <li key={`in-${batch.endsAt}-${batch.amountWei}`}>
                  {t("pool.position.lockingBatch", { amount: wei(batch.amountWei), time: countdown(batch) })}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {unlockingNotReady.length > 0 ? (
        <Stat
          label={t("pool.position.unlocking")}
          value={
            <ul className="pool-position__batches">
              {unlockingNotReady.map((batch) => (
                <li key={`out-${batch.endsAt}-${batch.amountWei}`}>
                  {t("pool.position.unlockingBatch", { amount: wei(batch.amountWei), time: countdown(batch) })}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Stat label={t("pool.position.unlocked")} value={wei(position.unlockedWei)} />
      <Stat label={t("pool.position.interest")} value={wei(position.currentInterestWei)} />
      <Stat label={t("pool.position.claimed")} value={wei(position.claimedInterestWei)} />
    </StatGrid>
  );
}
