import type { ReactNode } from "react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as FactionDetail } from "@/features/game/routes/faction-detail";
import { Component as FactionsPage } from "@/features/game/routes/factions";
import { storeSession, testUser, renderRoutes } from "./helpers/render-app";

const T = "2026-01-01T00:00:00.000Z";
const faction = (id: number, name: string, alignment: "Order" | "Chaos" | "Neutral" = "Order") => ({
  id, name, alignment, summary: `${name} summary`, description: "Long description.\nSecond line.", specialty: "Oaths",
  logoUrl: null, backgroundUrl: null, bannerUrl: null, startingResources: "2,500 Gold", factionBonuses: "+1 Morale",
  isActive: true, sortOrder: id, unitCount: 3, heroCount: 2, spellCount: 1, createdAt: T, updatedAt: T,
});
const unit = (id: number, tier: number, unitType: string, upgradeLevel = 0, baseUnitId: number | null = null) => ({
  id, factionId: 1, baseUnitId, name: `Unit ${id}`, description: "d", summary: `Summary ${id}`, tier, cost: 10, attack: 5, defense: 4,
  minDamage: 1, maxDamage: 3, health: 10, speed: 4, initiative: 5, morale: 0, luck: 0, unitType, upgradeLevel,
  isUpgraded: upgradeLevel > 0, weeklyGrowth: 5, specialAbilities: ["Brace"], portraitUrl: "/files/broken.jpg", isActive: true, createdAt: T, updatedAt: T,
});
const hero = (id: number, heroType: string) => ({
  id, factionId: 1, name: `Hero ${id}`, title: "the Bold", biography: "Bio", summary: `Hero summary ${id}`, heroClass: `${heroType} Class`,
  heroType, specialty: "Archery", specialtyDescription: "Archers +10%", startingAttack: 2, startingDefense: 1, startingSpellPower: 1,
  startingKnowledge: 1, rarityLevel: 1, startingSkills: [], startingSpells: [], portraitUrl: null, isActive: true, createdAt: T, updatedAt: T,
});
const full = {
  ...faction(1, "Aurelian Concord"),
  units: [unit(11, 1, "Infantry"), unit(12, 1, "Infantry", 1, 11), unit(13, 3, "Flying")],
  heroes: [hero(21, "Might"), hero(22, "Magic")],
  spells: [{ id: 31, name: "Spark Dart", description: "", school: "Fire", level: 1, manaCost: 7, basePower: 10, type: "Combat", target: "Single",
    duration: "Instant", isCommon: true, requiredSkillLevel: 0, effects: null, factionIds: [1], isActive: true, createdAt: T, updatedAt: T }],
};

function renderPage(path: string, pattern: string, Component: () => ReactNode) {
  return renderRoutes([{ path: pattern, Component }], path).router;
}

function serve(routes: Record<string, { body: unknown; status?: number }>) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const match = Object.entries(routes).find(([path]) => url.pathname === path);
    if (!match) return Response.json({ code: "not_found", message: "Faction not found." }, { status: 404 });
    return Response.json(match[1].body, { status: match[1].status ?? 200 });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  storeSession(null);
});

describe("/factions", () => {
  it("shows 3 placeholder cards while loading", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderPage("/factions", "/factions", FactionsPage);
    expect(screen.getAllByTestId("faction-skeleton")).toHaveLength(3);
  });

  it("shows the cards with alignment badges and links; no edit links for guests", async () => {
    serve({ "/api/faction": { body: { items: [faction(1, "Aurelian Concord"), faction(2, "Cinderborn Horde", "Chaos")], totalCount: 2, page: 1, pageSize: 2, totalPages: 1 } } });
    renderPage("/factions", "/factions", FactionsPage);
    expect((await screen.findByRole("link", { name: "Cinderborn Horde" })).getAttribute("href")).toBe("/factions/2");
    expect(screen.getByText("Chaos").getAttribute("data-alignment")).toBe("Chaos");
    expect(screen.queryByRole("link", { name: /^Edit / })).toBeNull();
  });

  it("shows an edit link per card to moderators", async () => {
    storeSession(testUser("moderator"));
    serve({ "/api/faction": { body: { items: [faction(1, "Aurelian Concord")], totalCount: 1, page: 1, pageSize: 1, totalPages: 1 } } });
    renderPage("/factions", "/factions", FactionsPage);
    expect((await screen.findByRole("link", { name: "Edit Aurelian Concord" })).getAttribute("href")).toBe("/admin/factions/1/edit");
  });

  it("shows 'Failed to Load Factions' with the server message", async () => {
    serve({ "/api/faction": { body: { code: "service_unavailable", message: "The database is unavailable." }, status: 503 } });
    renderPage("/factions", "/factions", FactionsPage);
    expect(await screen.findByText("Failed to Load Factions")).toBeTruthy();
    expect(screen.getByText("The database is unavailable.")).toBeTruthy();
  });
});

describe("/factions/{id}", () => {
  it("shows 'Loading units...' on the Units tab while loading", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderPage("/factions/1?tab=units", "/factions/:id", FactionDetail);
    expect(screen.getByText("Loading units...")).toBeTruthy();
  });

  it("shows 'Loading heroes...' on the Heroes tab while loading", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderPage("/factions/1?tab=heroes", "/factions/:id", FactionDetail);
    expect(screen.getByText("Loading heroes...")).toBeTruthy();
  });

  it("shows 'Faction Not Found' with a link back for an unknown or malformed id", async () => {
    serve({});
    renderPage("/factions/77", "/factions/:id", FactionDetail);
    expect(await screen.findByRole("heading", { name: "Faction Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Factions" }).getAttribute("href")).toBe("/factions");
  });

  it("filters units by tier and type from the URL, shows the empty text, and clears", async () => {
    serve({ "/api/faction/1": { body: full } });
    const router = renderPage("/factions/1?tab=units&tier=3&type=Infantry", "/factions/:id", FactionDetail);
    expect(await screen.findByText("No units found matching the current filters.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(router.state.location.search).toBe("?tab=units");
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getAllByRole("article")).toHaveLength(2);
    // The broken portrait falls back to the initial.
    const img = panel.querySelector("img")!;
    img.dispatchEvent(new Event("error"));
    expect(await within(panel).findAllByTestId("portrait-initial")).not.toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Upgrade 1" }));
    expect(router.state.location.search).toBe("?tab=units&level=1");
    expect(within(screen.getByRole("tabpanel")).getAllByRole("article")).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Unit 12" })).toBeTruthy();
  });

  it("shows heroes with every field and filters them by class", async () => {
    serve({ "/api/faction/1": { body: full } });
    const router = renderPage("/factions/1?tab=heroes", "/factions/:id", FactionDetail);
    expect(await screen.findByText("Hero 21")).toBeTruthy();
    expect(screen.getByText("Hero summary 21")).toBeTruthy();
    expect(screen.getAllByText("Specialty: Archery")).toHaveLength(2);
    await userEvent.selectOptions(screen.getByLabelText("Class"), "Magic");
    expect(router.state.location.search).toBe("?tab=heroes&class=Magic");
    expect(screen.queryByText("Hero 21")).toBeNull();
    expect(screen.getByText("Hero 22")).toBeTruthy();
  });

  it("shows the overview: breadcrumb, counts, description, resources, bonuses and spells by school", async () => {
    serve({ "/api/faction/1": { body: full } });
    renderPage("/factions/1", "/factions/:id", FactionDetail);
    expect(await screen.findByRole("heading", { level: 1, name: "Aurelian Concord" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Units (3)" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Heroes (2)" })).toBeTruthy();
    expect(screen.getByText("2,500 Gold")).toBeTruthy();
    expect(screen.getByText("+1 Morale")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Fire magic" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit Faction" })).toBeNull();
  });
});
