import { type RouteObject, redirect } from "react-router-dom";
import { AppLoading } from "./AppLoading.tsx";
import { lazyPage } from "./lazy-page.tsx";
import { HomeRoute } from "./pages/HomeRoute.tsx";
import { RootLayout } from "./RootLayout.tsx";
import { RouteError } from "./RouteError.tsx";
import { networkLoader, notFoundLoader, partLoader, rewardLoader, screenLoader } from "./route-loaders.ts";

const ssvPage = lazyPage(
  () => import("../features/ssv/SsvStepPage.tsx"),
  (module) => module.SsvStepPage,
);
const SSV_STEPS = ["operators", "funding-period", "upload-files", "validator-detail", "deposit"] as const;

/** Every route of spec section 2 under the root layout; each page is loaded lazily. `handle.meta` names its texts. */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: AppLoading,
    children: [
      {
        index: true,
        handle: { meta: "home" },
        // In the entry, not lazy: the home page is the usual first page, and its first paint then waits for
        // no second round of requests (its texts ship in the entry too, see source-texts.ts).
        Component: HomeRoute,
      },
      {
        path: "404",
        handle: { meta: "notFound" },
        lazy: lazyPage(
          () => import("../features/not-found/NotFoundPage.tsx"),
          (module) => module.NotFoundPage,
        ),
      },
      {
        path: "contact",
        handle: { meta: "contact" },
        lazy: lazyPage(
          () => import("../features/contact/ContactPage.tsx"),
          (module) => module.ContactPage,
        ),
      },
      {
        path: "institution-staking",
        handle: { meta: "institution" },
        lazy: lazyPage(
          () => import("../features/institution/InstitutionPage.tsx"),
          (module) => module.InstitutionPage,
        ),
      },
      {
        path: ":network",
        loader: networkLoader,
        children: [
          {
            index: true,
            handle: { meta: "stake" },
            lazy: lazyPage(
              () => import("./pages/NetworkHomeRoute.tsx"),
              (module) => module.NetworkHomeRoute,
            ),
          },
          {
            id: "dashboard",
            lazy: lazyPage(
              () => import("../features/network/DashboardLayout.tsx"),
              (module) => module.DashboardLayout,
            ),
            // One route module per screen, so each screen's code loads only when it is visited.
            children: [
              {
                path: "reward",
                loader: rewardLoader,
                handle: { meta: "reward" },
                lazy: lazyPage(
                  () => import("./pages/RewardRoute.tsx"),
                  (module) => module.RewardRoute,
                ),
              },
              {
                path: "validator",
                loader: screenLoader("validator"),
                handle: { meta: "validator" },
                lazy: lazyPage(
                  () => import("./pages/ValidatorRoute.tsx"),
                  (module) => module.ValidatorRoute,
                ),
              },
              {
                path: "claim",
                loader: screenLoader("claim"),
                handle: { meta: "claim" },
                lazy: lazyPage(
                  () => import("./pages/ClaimRoute.tsx"),
                  (module) => module.ClaimRoute,
                ),
              },
              {
                path: "operation",
                loader: screenLoader("operation"),
                handle: { meta: "operation" },
                lazy: lazyPage(
                  () => import("./pages/OperationRoute.tsx"),
                  (module) => module.OperationRoute,
                ),
              },
              {
                path: "staking",
                handle: { meta: "staking" },
                lazy: lazyPage(
                  () => import("./pages/StakingRoute.tsx"),
                  (module) => module.StakingRoute,
                ),
              },
            ],
          },
          {
            // A part of the network staked on its own (spec: /conflux/espace/staking and /conflux/espace/dashboard):
            // the same generic screens, served by the part's family.
            path: ":part",
            loader: partLoader,
            children: [
              { index: true, loader: ({ params }) => redirect(`/${params.network}/${params.part}/staking`) },
              {
                path: "staking",
                handle: { meta: "partStake" },
                lazy: lazyPage(
                  () => import("./pages/PartRoute.tsx"),
                  (module) => module.PartStakeRoute,
                ),
              },
              {
                path: "dashboard",
                handle: { meta: "partDashboard" },
                lazy: lazyPage(
                  () => import("./pages/PartRoute.tsx"),
                  (module) => module.PartDashboardRoute,
                ),
              },
            ],
          },
          {
            path: "ssv",
            loader: screenLoader("ssv"),
            children: [
              { index: true, loader: ({ params }) => redirect(`/${params.network}/ssv/operators`) },
              ...SSV_STEPS.map((step) => ({ path: step, handle: { meta: "ssv" }, lazy: ssvPage })),
            ],
          },
        ],
      },
      { path: "*", loader: notFoundLoader },
    ],
  },
];
