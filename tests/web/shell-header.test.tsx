import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp, type TestRole } from "./helpers/render-app";

const PUBLIC = [
  ["Home", "/"],
  ["News", "/news"],
  ["Factions", "/factions"],
  ["Screenshots", "/screenshots"],
  ["Forum", "/forum"],
];
const MODERATOR = [
  ["Dashboard", "/admin/dashboard"],
  ["Manage News", "/admin/news"],
  ["Manage Media", "/admin/media"],
  ["Manage Game Assets", "/admin/game-assets"],
  ["Manage Game Info", "/admin/game-info"],
];
const ADMIN_ONLY = [
  ["Admin Menu", "/admin/menu"],
  ["Manage Users", "/admin/users"],
  ["Settings", "/admin/settings"],
  ["Audit Log", "/admin/audit"],
];

function mainNav() {
  return within(screen.getByRole("navigation", { name: "Main" }));
}

async function openMenu(name: string | RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name }));
  return within(await screen.findByRole("menu"));
}

describe("header links per role", () => {
  it.each<TestRole>(["guest", "user", "moderator", "admin"])("%s sees the five public links", async (role) => {
    renderApp({ role });
    for (const [label, href] of PUBLIC) {
      expect(mainNav().getByRole("link", { name: label }).getAttribute("href")).toBe(href);
    }
  });

  it("a guest sees Sign In (/login) and Sign Up (/register), and no Admin or account menu", () => {
    renderApp({ role: "guest" });
    const banner = within(screen.getByRole("banner"));
    expect(banner.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
    expect(banner.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/register");
    expect(banner.queryByRole("button", { name: "Admin" })).toBeNull();
    expect(banner.queryByRole("button", { name: /^Account/ })).toBeNull();
  });

  it("a signed-in user has an account menu with Profile and Sign Out, and no Admin menu", async () => {
    renderApp({ role: "user" });
    const banner = within(screen.getByRole("banner"));
    expect(banner.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(banner.queryByRole("button", { name: "Admin" })).toBeNull();
    const menu = await openMenu("Account: User Tester");
    expect(menu.getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    expect(menu.getByRole("menuitem", { name: "Sign Out" })).toBeTruthy();
    expect(menu.getByText("user@example.com")).toBeTruthy();
  });

  it("a moderator's Admin menu has Dashboard, Manage News, Manage Media, Manage Game Assets and Manage Game Info only", async () => {
    renderApp({ role: "moderator" });
    const menu = await openMenu("Admin");
    const items = menu.getAllByRole("menuitem").map((item) => [item.textContent, item.getAttribute("href")]);
    expect(items).toEqual(MODERATOR);
  });

  it("an admin's Admin menu adds Admin Menu, Manage Users, Settings and Audit Log", async () => {
    renderApp({ role: "admin" });
    const menu = await openMenu("Admin");
    const items = menu.getAllByRole("menuitem").map((item) => [item.textContent, item.getAttribute("href")]);
    expect(items).toEqual([...MODERATOR, ...ADMIN_ONLY]);
  });

  it("Sign Out clears authToken and authUser and shows Sign In again", async () => {
    renderApp({ role: "user" });
    const menu = await openMenu(/^Account/);
    await userEvent.setup().click(menu.getByRole("menuitem", { name: "Sign Out" }));
    expect(await screen.findByRole("link", { name: "Sign In" })).toBeTruthy();
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("authUser")).toBeNull();
  });
});

describe("dropdown menu keyboard and pointer paths", () => {
  it("ArrowDown opens on the first item, arrows move, Escape closes and focus returns to the button", async () => {
    renderApp({ role: "admin" });
    const user = userEvent.setup();
    const trigger = await screen.findByRole("button", { name: "Admin" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    trigger.focus();
    await user.keyboard("{ArrowDown}");
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement?.textContent).toBe("Dashboard");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Manage News");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement?.textContent).toBe("Audit Log");
    await user.keyboard("{Home}");
    expect(document.activeElement?.textContent).toBe("Dashboard");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("a click outside closes the menu", async () => {
    renderApp({ role: "moderator" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Admin" }));
    expect(screen.getByRole("menu")).toBeTruthy();
    await user.click(screen.getByRole("heading", { name: "Home page" }));
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("footer", () => {
  it("states the unofficial fan site, trademark ownership and the year 2025", () => {
    renderApp();
    const footer = screen.getByRole("contentinfo");
    expect(footer.textContent).toContain("© 2025 Realm Codex");
    expect(footer.textContent).toContain("unofficial fan site");
    expect(footer.textContent).toContain("trademarks");
    expect(footer.textContent).toContain("belong to their respective owners");
  });
});

describe("the current part of the site is marked in the header", () => {
  const current = () => mainNav().getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page").map((link) => link.textContent);

  it.each([
    ["/factions", "Factions"],
    ["/factions/3", "Factions"],
    ["/units/12", "Factions"],
    ["/heroes/4", "Factions"],
    ["/compare", "Factions"],
    ["/news/7", "News"],
    ["/", "Home"],
  ])("at %s only %s is marked current", async (path, label) => {
    renderApp({ path, children: [{ path: "*", element: <h1>Some page</h1> }] });
    await screen.findByRole("heading", { level: 1 });
    expect(current()).toEqual([label]);
  });

  it.each(["/spells", "/unitsfoo", "/login"])("at %s no header link is marked current", async (path) => {
    renderApp({ path, children: [{ path: "*", element: <h1>Some page</h1> }] });
    await screen.findByRole("heading", { level: 1 });
    expect(current()).toEqual([]);
  });
});
