import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ArticleComments } from "@/features/news/components/article-comments";
import { DEFAULT_PUBLIC_SETTINGS, normalizeSettings, SiteSettingsProvider } from "@/lib/site-settings";
import { renderApp } from "./helpers/render-app";

const header = () => screen.getByRole("banner");

describe("site settings in the SPA", () => {
  it("shows Sign Up to guests while registration is on", () => {
    renderApp({ settings: { enableRegistration: true } });
    expect(within(header()).getByRole("link", { name: "Sign Up" })).toBeTruthy();
  });

  it("hides Sign Up in the header while registration is off, keeping Sign In", () => {
    renderApp({ settings: { enableRegistration: false } });
    expect(within(header()).queryByRole("link", { name: "Sign Up" })).toBeNull();
    expect(within(header()).getByRole("link", { name: "Sign In" })).toBeTruthy();
  });

  it("shows guests the maintenance screen with the message instead of the page", () => {
    renderApp({ settings: { maintenanceMode: true, maintenanceMessage: "Back at noon." } });
    expect(screen.getByRole("heading", { name: "Realm Codex is under maintenance" })).toBeTruthy();
    expect(screen.getByTestId("maintenance-message").textContent).toBe("Back at noon.");
    expect(screen.queryByRole("heading", { name: "Home page" })).toBeNull();
  });

  it("shows plain users the maintenance screen too", () => {
    renderApp({ role: "user", settings: { maintenanceMode: true, maintenanceMessage: "Back at noon." } });
    expect(screen.getByRole("heading", { name: "Realm Codex is under maintenance" })).toBeTruthy();
  });

  it("keeps the sign-in page open during maintenance", () => {
    renderApp({ path: "/login", settings: { maintenanceMode: true, maintenanceMessage: "Back at noon." } });
    expect(screen.getByRole("heading", { name: "Sign in page" })).toBeTruthy();
  });

  it("lets moderators and admins work, with a reminder banner", () => {
    for (const role of ["moderator", "admin"] as const) {
      const view = renderApp({ role, settings: { maintenanceMode: true, maintenanceMessage: "Back at noon." } });
      expect(screen.getByRole("heading", { name: "Home page" })).toBeTruthy();
      expect(screen.getByText(/Maintenance mode is on/)).toBeTruthy();
      view.unmount();
    }
  });

  it("renders no comment section while comments are off", () => {
    const { container } = render(
      <SiteSettingsProvider initial={{ ...DEFAULT_PUBLIC_SETTINGS, enableComments: false }}>
        <ArticleComments articleId={5} title="T" />
      </SiteSettingsProvider>,
    );
    expect(container.textContent).toBe("");
  });

  it("keeps only well-typed known fields of a settings answer", () => {
    expect(normalizeSettings({ enableComments: "no", siteName: "X", extra: 1 })).toEqual({ ...DEFAULT_PUBLIC_SETTINGS, siteName: "X" });
    expect(normalizeSettings(null)).toEqual(DEFAULT_PUBLIC_SETTINGS);
  });
});
