import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "./helpers/render-app";

function toggle() {
  return screen.getByRole("button", { name: "Open menu" });
}

describe("mobile slide-out menu", () => {
  it("is closed at first: the dialog is hidden and the toggle says aria-expanded=false", () => {
    renderApp();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens as a labelled modal dialog, w-80 max-w-[80vw] from the right, with focus on its close button", async () => {
    renderApp();
    await userEvent.setup().click(toggle());
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.className).toContain("w-80");
    expect(dialog.className).toContain("max-w-[80vw]");
    expect(dialog.getAttribute("data-placement")).toBe("side");
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Close menu" }));
  });

  it("Escape closes it and focus returns to the toggle", async () => {
    renderApp();
    const user = userEvent.setup();
    await user.click(toggle());
    expect(await screen.findByRole("dialog")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it("the close button closes it and focus returns to the toggle", async () => {
    renderApp();
    const user = userEvent.setup();
    await user.click(toggle());
    // The menu is its own chunk: it may open a moment after the click.
    await user.click(await screen.findByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it("Tab from the last control wraps to the first (focus is trapped)", async () => {
    renderApp();
    const user = userEvent.setup();
    await user.click(toggle());
    const dialog = await screen.findByRole("dialog");
    within(dialog).getByRole("link", { name: "Sign Up" }).focus();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Close menu" }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(dialog).getByRole("link", { name: "Sign Up" }));
  });

  it("following a link navigates and closes it", async () => {
    const { router } = renderApp({ children: [{ path: "news", element: <h1>News page</h1> }] });
    const user = userEvent.setup();
    await user.click(toggle());
    await user.click(within(await screen.findByRole("dialog")).getByRole("link", { name: "News" }));
    expect(router.state.location.pathname).toBe("/news");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("for a guest: public links, a theme toggle and Sign In / Sign Up; no Admin section", async () => {
    renderApp();
    await userEvent.setup().click(toggle());
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getAllByRole("link").map((a) => a.textContent)).toEqual(["Home", "News", "Factions", "Screenshots", "Forum", "Sign In", "Sign Up"]);
    expect(dialog.getByRole("button", { name: /Dark mode|Light mode/ })).toBeTruthy();
    expect(dialog.queryByRole("heading", { name: "Admin" })).toBeNull();
  });

  it("for a moderator: the Admin section with the four moderator links", async () => {
    renderApp({ role: "moderator" });
    await userEvent.setup().click(toggle());
    // The menu opens in a later render (as the other cases wait for it): wait for the section.
    const section = within(await screen.findByRole("region", { name: "Admin" }));
    expect(section.getAllByRole("link").map((a) => a.textContent)).toEqual(["Dashboard", "Manage News", "Manage Media", "Manage Game Assets", "Manage Game Info"]);
  });

  it("for an admin: the account footer shows initial, display name, email, Profile and Sign Out; Admin has 9 links", async () => {
    renderApp({ role: "admin" });
    await userEvent.setup().click(toggle());
    const dialog = within(await screen.findByRole("dialog"));
    expect(within(screen.getByRole("region", { name: "Admin" })).getAllByRole("link")).toHaveLength(9);
    expect(dialog.getByText("Admin Tester")).toBeTruthy();
    expect(dialog.getByText("admin@example.com")).toBeTruthy();
    expect(dialog.getByText("A")).toBeTruthy();
    expect(dialog.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    expect(dialog.getByRole("button", { name: "Sign Out" })).toBeTruthy();
    expect(dialog.queryByRole("link", { name: "Sign In" })).toBeNull();
  });
});
