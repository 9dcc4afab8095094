import { RewardsCalculator } from "../../features/calculator/RewardsCalculator.tsx";
import { HomePage } from "../../features/home/HomePage.tsx";

/** The / route: the home page with the rewards calculator as its last section (reached by /#calculator). */
export function HomeRoute() {
  return <HomePage calculator={<RewardsCalculator />} />;
}
