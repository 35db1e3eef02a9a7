import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as SpellBook } from "@/features/game/routes/spells";
import { SPELL_BOOK_PAGE_SIZE } from "@/features/game/lib/game-keys";
import { renderRoutes } from "./helpers/render-app";

const T = "2026-01-01T00:00:00.000Z";
const spell = (id: number) => ({
  id, name: `Spell ${id}`, description: "d", school: "Fire", level: 1, manaCost: 5, basePower: 10, type: "Combat", target: "Single",
  duration: "Instant", isCommon: false, requiredSkillLevel: 0, effects: null, factionIds: [1], isActive: true, createdAt: T, updatedAt: T,
  factions: [{ id: 1, name: "Ash", alignment: "Order" }],
});

/** Answers GET /api/spell with the asked page of `total` spells and records the queries asked. */
function serveSpells(total: number) {
  const asked: URLSearchParams[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    asked.push(url.searchParams);
    const page = Number(url.searchParams.get("page") ?? 1);
    const pageSize = Number(url.searchParams.get("pageSize"));
    const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * pageSize, page * pageSize);
    return Response.json({ items: ids.map(spell), totalCount: total, page, pageSize, totalPages: Math.ceil(total / pageSize) });
  });
  return asked;
}

function renderAt(path: string) {
  renderRoutes([{ path: "/spells", Component: SpellBook }], path);
}

afterEach(() => vi.restoreAllMocks());

describe("/spells pages", () => {
  it("shows page 2 of 120 spells (SPELL_BOOK_PAGE_SIZE a page) with the total and a pager of real links keeping the filters", async () => {
    const size = SPELL_BOOK_PAGE_SIZE;
    const asked = serveSpells(120);
    renderAt("/spells?school=Fire&page=2");
    expect(await screen.findByRole("link", { name: `Spell ${size + 1}` })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(size);
    expect(screen.getByTestId("spell-count").textContent).toBe(`120 spells · page 2 of ${Math.ceil(120 / size)}`);
    expect(asked.some((q) => q.get("page") === "2" && q.get("pageSize") === String(size) && q.get("school") === "Fire")).toBe(true);
    const pager = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(pager).getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/spells?school=Fire");
    expect(within(pager).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/spells?school=Fire&page=3");
    expect(within(pager).getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows no pager when every spell fits on one page", async () => {
    serveSpells(SPELL_BOOK_PAGE_SIZE);
    renderAt("/spells");
    expect(await screen.findByRole("link", { name: `Spell ${SPELL_BOOK_PAGE_SIZE}` })).toBeTruthy();
    expect(screen.getByTestId("spell-count").textContent).toBe(`${SPELL_BOOK_PAGE_SIZE} spells`);
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("past the last page says so and links to the last page", async () => {
    serveSpells(120);
    renderAt("/spells?page=9");
    expect(await screen.findByRole("heading", { name: "There is no page 9 of these spells." })).toBeTruthy();
    const last = Math.ceil(120 / SPELL_BOOK_PAGE_SIZE);
    expect(screen.getByRole("link", { name: `Go to the last page (page ${last})` }).getAttribute("href")).toBe(`/spells?page=${last}`);
  });
});
