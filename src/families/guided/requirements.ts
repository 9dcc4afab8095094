import type { FamilyRequirements } from "../requirements.ts";

/** What a guided network's config must hold: when live, the guide its stake page shows (a coming-soon network offers no stake action). */
export const guidedRequirements = {
  family: "guided",
  fields: [
    {
      path: ["guide"],
      because: "shows a live network's steps on its stake page",
      expected: '"guide": { "stepKeys": [...] } with locale keys',
      onlyWhenLive: true,
    },
  ],
  opensWith: ["guide", "delegateTo", "id"],
} as const satisfies FamilyRequirements;
