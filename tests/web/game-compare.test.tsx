import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCompareUnits } from "@/features/game/lib/game-keys";
import type { UnitWithFaction } from "@schemas/unit";
import { CompareChart } from "@/features/game/components/compare-chart";
import { CompareTable } from "@/features/game/components/compare-table";
import { addToCompare, clearCompare, readCompareList } from "@/features/game/hooks/use-compare-list";
import { bestIndexes, CHART_STATS, statDiffs, UNIT_STATS } from "@/features/game/lib/unit-stats";
import { Component as ComparePage } from "@/features/game/routes/compare";
import { renderRoutes } from "./helpers/render-app";

let n = 0;
function unit(fields: Partial<UnitWithFaction>): UnitWithFaction {
  const id = fields.id ?? ++n + 100;
  return {
    id,
    factionId: 1,
    baseUnitId: null,
    name: `Unit ${id}`,
    description: "",
    summary: "",
    tier: 3,
    cost: 100,
    attack: 5,
    defense: 5,
    minDamage: 1,
    maxDamage: 3,
    health: 20,
    speed: 5,
    initiative: 8,
    morale: 0,
    luck: 0,
    unitType: "Infantry",
    upgradeLevel: 0,
    isUpgraded: false,
    weeklyGrowth: 6,
    specialAbilities: null,
    portraitUrl: null,
    isActive: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    faction: { id: 1, name: "Faction One", alignment: "Order" },
    ...fields,
  };
}

const inRouter = (ui: React.ReactNode) => {
  const router = createMemoryRouter([{ path: "/", element: ui }]);
  return render(<RouterProvider router={router} />);
};

/** The cells of one stat row, in unit order. */
const rowCells = (stat: string) => {
  const row = document.querySelector(`tr[data-stat="${stat}"]`) as HTMLElement;
  return within(row).getAllByRole("cell");
};

describe("comparison table", () => {
  const units = [
    unit({ name: "Pikeguard", attack: 7, defense: 4, cost: 60, speed: 5, health: 20 }),
    unit({ name: "Harpooner", attack: 9, defense: 4, cost: 80, speed: 5, health: 15 }),
    unit({ name: "Ash Raider", attack: 9, defense: 6, cost: 50, speed: 5, health: 12 }),
  ];

  it("marks the highest value of each row as best, every unit on a tie", () => {
    inRouter(<CompareTable units={units} />);
    expect(rowCells("attack").map((c) => c.dataset.best === "true")).toEqual([false, true, true]);
    expect(rowCells("defense").map((c) => c.dataset.best === "true")).toEqual([false, false, true]);
    expect(rowCells("health").map((c) => c.dataset.best === "true")).toEqual([true, false, false]);
    expect(within(rowCells("health")[0]!).getByText("(best)")).toBeTruthy();
  });

  it("marks the lowest cost as best", () => {
    inRouter(<CompareTable units={units} />);
    expect(rowCells("cost").map((c) => c.dataset.best === "true")).toEqual([false, false, true]);
  });

  it("marks nothing in a row where every unit is equal", () => {
    inRouter(<CompareTable units={units} />);
    expect(rowCells("speed").some((c) => c.dataset.best === "true")).toBe(false);
  });

  it("has one row per stat and one column per unit, each with a Remove button", () => {
    inRouter(<CompareTable units={units} onRemove={() => {}} />);
    for (const stat of UNIT_STATS) expect(rowCells(stat.key)).toHaveLength(3);
    expect(screen.getAllByRole("button", { name: /Remove .* from the comparison/ })).toHaveLength(3);
  });
});

describe("comparison chart", () => {
  it.each([2, 3, 4])("draws units × stats bars for %i units, with a text alternative", (count) => {
    const units = Array.from({ length: count }, (_, i) => unit({ name: `U${i}`, attack: i + 1 }));
    render(<CompareChart units={units} />);
    expect(screen.getAllByTestId("chart-bar")).toHaveLength(count * CHART_STATS.length);
    const img = screen.getByRole("img", { name: /Bar chart of the main combat stats/ });
    expect(img.querySelector("desc")?.textContent).toContain("Attack: U0 1, U1 2");
  });

  it("gives the group's highest value the full height and scales the others", () => {
    const units = [unit({ health: 200 }), unit({ health: 50 })];
    render(<CompareChart units={units} />);
    const bars = Array.from(document.querySelectorAll('g[data-stat="health"] rect'));
    const heights = bars.map((b) => Number(b.getAttribute("height")));
    expect(heights[0]).toBe(heights[1]! * 4);
  });
});

describe("comparison rules", () => {
  afterEach(() => clearCompare());

  it("bestIndexes: highest wins, lower-is-better for cost, none when all equal", () => {
    const attack = UNIT_STATS.find((s) => s.key === "attack")!;
    const cost = UNIT_STATS.find((s) => s.key === "cost")!;
    expect(bestIndexes([unit({ attack: 1 }), unit({ attack: 3 })], attack)).toEqual([1]);
    expect(bestIndexes([unit({ cost: 1 }), unit({ cost: 3 })], cost)).toEqual([0]);
    expect(bestIndexes([unit({ attack: 2 }), unit({ attack: 2 })], attack)).toEqual([]);
  });

  it("statDiffs: the upgrade's changes, cost going up counted as worse", () => {
    const diffs = statDiffs(unit({ attack: 5, cost: 100 }), unit({ attack: 7, cost: 120 }));
    expect(diffs.map((d) => [d.stat.key, d.delta, d.better])).toEqual([
      ["attack", 2, true],
      ["cost", 20, false],
    ]);
  });

  it("parseCompareUnits keeps the order, reports repeats, non-ids and ids beyond 4", () => {
    expect(parseCompareUnits(new URLSearchParams("units=12,47,12,abc,0,88,9,10"))).toEqual({
      ids: [12, 47, 88, 9],
      duplicates: [12],
      invalid: ["abc", "0"],
      dropped: [10],
    });
  });

  it("the compare tray list holds at most 4 distinct units in localStorage", () => {
    for (const id of [1, 2, 2, 3, 4]) expect(addToCompare({ id, name: `U${id}` })).toBe(true);
    expect(addToCompare({ id: 5, name: "U5" })).toBe(false);
    expect(readCompareList().map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(JSON.parse(localStorage.getItem("compareUnits")!)).toHaveLength(4);
  });
});

describe("/compare when its units fail to load", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the server's reason with Try Again, which reads the units again and shows them", async () => {
    let fail = true;
    let asked = 0;
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      asked++;
      if (fail) return Response.json({ code: "internal_error", message: "The wiki is resting." }, { status: 503 });
      return Response.json({ items: [unit({ id: 1, name: "Pikeguard" }), unit({ id: 2, name: "Harpooner" })], missingIds: [] });
    });
    renderRoutes([{ path: "/compare", Component: ComparePage }], "/compare?units=1,2");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to Load Units")).toBeTruthy();
    expect(within(alert).getByText("The wiki is resting.")).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("columnheader", { name: /Pikeguard/ })).toBeTruthy();
    expect(screen.queryByText("Failed to Load Units")).toBeNull();
    expect(asked).toBe(2);
  });
});
