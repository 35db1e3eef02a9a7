import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { ProtectedRoute, returnPath, type ProtectedRouteProps } from "@/components/protected-route";
import { Providers, storeSession, testUser, type TestRole } from "./helpers/render-app";

function LoginProbe() {
  const location = useLocation();
  return <h1>Sign in page from {returnPath(location.state)}</h1>;
}

function renderGuarded(role: TestRole, guard: Omit<ProtectedRouteProps, "children">) {
  storeSession(role === "guest" ? null : testUser(role));
  const router = createMemoryRouter(
    [
      { path: "/", element: <h1>Home page</h1> },
      { path: "/login", element: <LoginProbe /> },
      { path: "/secret", element: <ProtectedRoute {...guard}><h1>Secret page</h1></ProtectedRoute> },
    ],
    { initialEntries: ["/", "/secret?tab=2"], initialIndex: 1 },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe("protected-page guard", () => {
  it("sends a guest to /login, remembering the page (path and query) in state.from", () => {
    const router = renderGuarded("guest", {});
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByRole("heading").textContent).toBe("Sign in page from /secret?tab=2");
  });

  it("lets any signed-in user through when no privilege is required", () => {
    renderGuarded("user", {});
    expect(screen.getByRole("heading", { name: "Secret page" })).toBeTruthy();
  });

  it("requireAdmin denies a moderator with the administrator text", () => {
    renderGuarded("moderator", { requireAdmin: true });
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(screen.getByText("You need administrator privileges to access this page.")).toBeTruthy();
    expect(screen.queryByText("Secret page")).toBeNull();
  });

  it("requireAdmin admits an admin", () => {
    renderGuarded("admin", { requireAdmin: true });
    expect(screen.getByRole("heading", { name: "Secret page" })).toBeTruthy();
  });

  it("requireModerator denies a user with the moderator text, admits a moderator and an admin", () => {
    renderGuarded("user", { requireModerator: true });
    expect(screen.getByText("You need moderator privileges to access this page.")).toBeTruthy();
  });

  it.each<TestRole>(["moderator", "admin"])("requireModerator admits a %s", (role) => {
    renderGuarded(role, { requireModerator: true });
    expect(screen.getByRole("heading", { name: "Secret page" })).toBeTruthy();
  });

  it("requiredRole denies a user without that role with the role text", () => {
    renderGuarded("admin", { requiredRole: "Moderator" });
    expect(screen.getByText("You don't have the required role to access this page.")).toBeTruthy();
  });

  it("Go Back returns to the previous page", async () => {
    const router = renderGuarded("user", { requireAdmin: true });
    await userEvent.setup().click(screen.getByRole("button", { name: "Go Back" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("returnPath only accepts same-site paths", () => {
    expect(returnPath({ from: "/admin/news?x=1" })).toBe("/admin/news?x=1");
    expect(returnPath({ from: "//evil.example" })).toBeNull();
    expect(returnPath({ from: "https://evil.example" })).toBeNull();
    expect(returnPath(null)).toBeNull();
  });
});
