import { useRoutes, type RouteObject } from "react-router";
import { LazyPage } from "./lazy-page";
import { RootLayout } from "./root-layout";
import { pages } from "./routes";

/**
 * The application's routes (react-router's declarative mode: docs/decisions/0020-declarative-routing.md),
 * made from the route table in ./routes.ts: the shell (header, footer, notifications) wraps
 * every page and catches page errors. Pages read their data with their feature's SWR hooks.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Keyed by path: another page is another LazyPage, never the previous one with new props.
    children: pages.map((route) => ({ path: route.path, element: <LazyPage key={route.path} route={route} /> })),
  },
];

/** The shell and the page for the current URL. */
export function AppRoutes() {
  return useRoutes(routes);
}
