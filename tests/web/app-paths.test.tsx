import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { APP_PATHS } from "@shared/app-paths";

/** The router's page paths as the Worker writes them: "/" for the index, "/news/:id"... ("*" is the 404 page). */
function routerPaths(list: readonly RouteObject[], base = ""): string[] {
  return list.flatMap((route) => {
    const own = route.index ? base || "/" : route.path ? `${base}/${route.path}` : base;
    const here = route.index || (route.path && route.path !== "*") ? [own] : [];
    return [...here, ...(route.children ? routerPaths(route.children, own) : [])];
  });
}

describe("the Worker's list of app paths", () => {
  it("is exactly the router's pages, so a page is never answered 404 and an unknown path never 200", () => {
    expect([...APP_PATHS].sort()).toEqual(routerPaths(routes).sort());
  });
});
