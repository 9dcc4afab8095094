import { createBrowserRouter } from "react-router-dom";
import { routes } from "./routes.tsx";

type AppRouter = ReturnType<typeof createBrowserRouter>;

declare global {
  interface Window {
    /** Only in builds made with VITE_EXPOSE_ROUTER=1 (the browser tests): lets a test navigate as a link would. */
    __appRouter?: AppRouter;
  }
}

/** The app's data router (browser history). */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  if (import.meta.env.VITE_EXPOSE_ROUTER === "1") window.__appRouter = router;
  return router;
}
