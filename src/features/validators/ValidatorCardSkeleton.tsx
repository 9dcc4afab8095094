import { Card } from "../../components/ui/card/Card.tsx";
import { Skeleton } from "../../components/ui/skeleton/Skeleton.tsx";

/** A validator card's place while the list loads: heading, badge and balance, then facts, as grey bars. */
export function ValidatorCardSkeleton() {
  return (
    <Card className="validator-card validator-card--loading">
      <Skeleton width="12ch" />
      <Skeleton width="8ch" />
      <Skeleton width="14ch" />
      <Skeleton width="100%" />
      <Skeleton width="70%" />
    </Card>
  );
}
