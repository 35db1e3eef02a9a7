import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ASSET_CONFIGS, type AssetConfig } from "@/features/game-assets/asset-config";
import AssetGrid from "@/features/game-assets/components/asset-grid";
import { displayValue, toBody, toRow } from "@/features/game-assets/grid-model";
import { Component as GameAssetsPage } from "@/features/game-assets/routes/game-assets";
import { useAssetEditor, type SaveOutcome } from "@/features/game-assets/hooks/use-asset-editor";
import { Providers, storeSession, testUser } from "./helpers/render-app";

const unitsConfig = ASSET_CONFIGS.units;
const FACTIONS = [
  { id: 1, name: "Concord" },
  { id: 2, name: "Tidewarden" },
  { id: 3, name: "Cinderborn" },
];

const unit = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  factionId: 1,
  baseUnitId: null,
  name: `Unit ${id}`,
  description: `Description ${id}`,
  summary: "",
  tier: 1,
  cost: 10,
  attack: 5,
  defense: 4,
  minDamage: 1,
  maxDamage: 2,
  health: 10,
  speed: 4,
  initiative: 5,
  morale: 0,
  luck: 0,
  unitType: "Infantry",
  upgradeLevel: 0,
  isUpgraded: false,
  weeklyGrowth: 3,
  specialAbilities: ["Brace"],
  portraitUrl: null,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

let lastOutcome: SaveOutcome | null = null;

// happy-dom has no layout: give the grid a viewport so it renders its rows and columns.
const sizes = { clientWidth: 4000, clientHeight: 1200 } as const;
const originals = new Map<string, PropertyDescriptor | undefined>();
// ...and understand the grid's relative selectors ("& > [role=row]"), which happy-dom refuses.
const querySelector = Element.prototype.querySelector;
beforeAll(() => {
  Element.prototype.querySelector = function (this: Element, selector: string) {
    return querySelector.call(this, selector.replace(/^&/, ":scope")) as Element | null;
  } as typeof querySelector;
  for (const [prop, size] of Object.entries(sizes)) {
    originals.set(prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop));
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains("rdg") ? size : 0;
      },
    });
  }
});
afterAll(() => {
  Element.prototype.querySelector = querySelector;
  for (const [prop, descriptor] of originals) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, prop, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  }
});

/** The grid with the editor's state, as the page wires them (without the network). */
function Harness({ source, config = unitsConfig }: { source: Record<string, unknown>[]; config?: AssetConfig }) {
  const editor = useAssetEditor(config, source, { factionId: 7, upgradeLevel: 1 });
  const [conflicts] = useState(() => new Set<number>());
  return (
    <div>
      <p data-testid="dirty">{editor.dirty ? `unsaved ${editor.changedCount}` : "clean"}</p>
      <button type="button" onClick={editor.addRow}>
        Create New
      </button>
      <button type="button" onClick={editor.revert}>
        Revert Changes
      </button>
      <button type="button" onClick={() => void editor.save().then((o) => (lastOutcome = o))}>
        Save Changes
      </button>
      <AssetGrid
        config={config}
        rows={editor.rows}
        loaded={editor.loaded}
        errors={editor.errors}
        conflicts={conflicts}
        onCellCommit={editor.commitCell}
        onPasteBlock={editor.paste}
        onDiscard={editor.discard}
        onHistory={() => {}}
        onDelete={() => {}}
        onReviewConflict={() => {}}
        factions={FACTIONS}
      />
    </div>
  );
}

const source = [unit(1, { name: "Pikeman" }), unit(2, { name: "Archer" }), unit(3, { name: "Griffin" })];

/** The grid cell of a row (by its position among data rows) and column label. */
function cell(rowIdx: number, label: string): HTMLElement {
  const grid = screen.getByRole("grid");
  const headers = within(grid).getAllByRole("columnheader");
  const col = headers.findIndex((h) => h.textContent === label);
  const rows = within(grid).getAllByRole("row").slice(1);
  const cells = within(rows[rowIdx]!).getAllByRole("gridcell");
  return cells[col]!;
}

const editorIn = (el: HTMLElement) => el.querySelector("input, textarea, select") as HTMLInputElement;

describe("game-assets grid cell rules", () => {
  it("click edits a cell; Enter commits to the local rows, marks the cell changed and the page unsaved", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    expect(screen.getByTestId("dirty").textContent).toBe("clean");
    await user.click(cell(0, "Attack"));
    const input = editorIn(cell(0, "Attack"));
    expect(input).toBeTruthy();
    await user.clear(input);
    await user.type(input, "12{Enter}");
    expect(cell(0, "Attack").textContent).toBe("12");
    expect(cell(0, "Attack").className).toContain("asset-cell-changed");
    expect(cell(0, "Defense").className).not.toContain("asset-cell-changed");
    expect(screen.getByTestId("dirty").textContent).toBe("unsaved 1");
  });

  it("Escape cancels the edit", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(cell(1, "Name"));
    const input = editorIn(cell(1, "Name"));
    await user.clear(input);
    await user.type(input, "Changed{Escape}");
    expect(cell(1, "Name").textContent).toBe("Archer");
    expect(screen.getByTestId("dirty").textContent).toBe("clean");
  });

  it("leaving the cell (blur) commits", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(cell(0, "Name"));
    const input = editorIn(cell(0, "Name"));
    await user.clear(input);
    await user.type(input, "Halberdier");
    act(() => input.blur());
    await waitFor(() => expect(cell(0, "Name").textContent).toBe("Halberdier"));
  });

  it("Tab commits and edits the next cell; from the last cell it wraps to the next row only after 50 ms", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(cell(0, "Attack"));
    await user.clear(editorIn(cell(0, "Attack")));
    await user.type(editorIn(cell(0, "Attack")), "9");
    await user.keyboard("{Tab}");
    await waitFor(() => expect(editorIn(cell(0, "Defense"))).toBeTruthy());
    expect(cell(0, "Attack").textContent).toBe("9");

    // The last column (Active) wraps to the first field (Name) of the next row after the delay.
    await user.click(cell(0, "Active"));
    expect(editorIn(cell(0, "Active"))).toBeTruthy();
    const pressed = performance.now();
    fireEvent.keyDown(editorIn(cell(0, "Active")), { key: "Tab" });
    expect(editorIn(cell(1, "Name"))).toBeFalsy();
    await waitFor(() => expect(editorIn(cell(1, "Name"))).toBeTruthy());
    expect(performance.now() - pressed).toBeGreaterThanOrEqual(45);
  });

  it("Shift+Enter adds a line in a text cell; Enter then commits both lines", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(cell(2, "Description"));
    const area = editorIn(cell(2, "Description"));
    expect(area.tagName).toBe("TEXTAREA");
    await user.clear(area);
    await user.type(area, "Line one{Shift>}{Enter}{/Shift}Line two");
    expect(area.value).toBe("Line one\nLine two");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(editorIn(cell(2, "Description"))).toBeFalsy());
    expect(cell(2, "Description").querySelector("[title]")?.getAttribute("title") ?? cell(2, "Description").textContent).toContain("Line one\nLine two".slice(0, 20));
  });

  it("cuts long text at 30 characters and strings at 20", () => {
    const long = "abcdefghijklmnopqrstuvwxyz0123456789";
    expect(displayValue({ key: "d", label: "D", kind: "text" }, long)).toBe(`${long.slice(0, 30)}…`);
    expect(displayValue({ key: "n", label: "N", kind: "string" }, long)).toBe(`${long.slice(0, 20)}…`);
    expect(displayValue({ key: "n", label: "N", kind: "string" }, "short")).toBe("short");
  });

  it("new rows: at the top with the defaults; Save is blocked with 'Name is required' until filled; × discards", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(screen.getByRole("button", { name: "Create New" }));
    expect(within(cell(0, "Level")).getByText("1")).toBeTruthy();
    expect(cell(0, "Upgraded").textContent).toBe("Yes");
    expect(cell(0, "Tier").textContent).toBe("1");
    expect(cell(0, "Active").textContent).toBe("Yes");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(lastOutcome).toEqual({ kind: "blocked" }));
    expect(cell(0, "Name").className).toContain("asset-cell-error");
    expect(within(cell(0, "Name")).getByTitle("Name is required")).toBeTruthy();
    expect(within(cell(0, "Description")).getByTitle("Description is required")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Discard new row" }));
    expect(screen.getByTestId("dirty").textContent).toBe("clean");
  });

  it("a JSON cell that is not valid JSON is a cell error", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(cell(0, "Special abilities"));
    const area = editorIn(cell(0, "Special abilities"));
    await user.clear(area);
    await user.type(area, "[[not json{Enter}");
    await waitFor(() => expect(cell(0, "Special abilities").className).toContain("asset-cell-error"));
    expect(within(cell(0, "Special abilities")).getByTitle("Special abilities is not valid JSON.")).toBeTruthy();
  });

  it("Revert restores the loaded rows and removes new rows", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(cell(0, "Attack"));
    await user.clear(editorIn(cell(0, "Attack")));
    await user.type(editorIn(cell(0, "Attack")), "40{Enter}");
    await user.click(screen.getByRole("button", { name: "Create New" }));
    expect(screen.getByTestId("dirty").textContent).toBe("unsaved 2");
    await user.click(screen.getByRole("button", { name: "Revert Changes" }));
    expect(screen.getByTestId("dirty").textContent).toBe("clean");
    expect(cell(0, "Name").textContent).toBe("Pikeman");
    expect(cell(0, "Attack").textContent).toBe("5");
  });

  it("pasting a 3×2 block of tab-separated cells fills the cells from the focused one, validating each value", async () => {
    const user = userEvent.setup();
    render(<Harness source={source} />);
    await user.click(cell(0, "Attack"));
    await user.keyboard("{Escape}");
    const text = "11\t12\t1\n21\tx\t2\n31\t32\t3\n";
    fireEvent.paste(cell(0, "Attack"), { clipboardData: { getData: () => text } });
    await waitFor(() => expect(cell(0, "Attack").textContent).toBe("11"));
    expect(cell(0, "Defense").textContent).toBe("12");
    expect(cell(0, "Min dmg").textContent).toBe("1");
    expect(cell(1, "Attack").textContent).toBe("21");
    expect(cell(1, "Defense").className).toContain("asset-cell-error");
    expect(within(cell(1, "Defense")).getByTitle("Defense must be a whole number.")).toBeTruthy();
    expect(cell(2, "Min dmg").textContent).toBe("3");
    expect(screen.getByTestId("dirty").textContent).toBe("unsaved 3");
  });
});

describe("which factions teach a spell", () => {
  const spell = (id: number, factionIds: number[]) => ({
    id, name: `Spell ${id}`, description: "Burns.", school: "Fire", level: 1, manaCost: 5, basePower: 10, type: "Combat",
    target: "Single", duration: "Instant", isCommon: false, requiredSkillLevel: 0, effects: null, factionIds, isActive: true,
    createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z",
  });

  it("shows the factions by name, edits them in a dialog of checkboxes (Done keeps, Cancel leaves) and marks the row unsaved", async () => {
    const user = userEvent.setup();
    render(<Harness source={[spell(1, [2]), spell(2, [])]} config={ASSET_CONFIGS.spells} />);
    expect(cell(0, "Taught by").textContent).toBe("Tidewarden");
    expect(cell(1, "Taught by").textContent).toBe("None");

    await user.click(cell(0, "Taught by"));
    let dialog = await screen.findByRole("dialog", { name: "Taught by: Spell 1" });
    expect((within(dialog).getByLabelText("Tidewarden") as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByLabelText("Concord"));
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(cell(0, "Taught by").textContent).toBe("Tidewarden");
    expect(screen.getByTestId("dirty").textContent).toBe("clean");

    await user.click(cell(0, "Taught by"));
    dialog = await screen.findByRole("dialog", { name: "Taught by: Spell 1" });
    await user.click(within(dialog).getByLabelText("Concord"));
    await user.click(within(dialog).getByLabelText("Tidewarden"));
    await user.click(within(dialog).getByLabelText("Cinderborn"));
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(cell(0, "Taught by").textContent).toBe("Concord, Cinderborn"));
    expect(cell(0, "Taught by").className).toContain("asset-cell-changed");
    expect(screen.getByTestId("dirty").textContent).toBe("unsaved 1");
  });

  it("sends the chosen factions as the spell's factionIds", () => {
    const row = { ...toRow(ASSET_CONFIGS.spells, spell(1, [3, 1])), factionIds: [3, 2] };
    expect(toBody(ASSET_CONFIGS.spells, row, toRow(ASSET_CONFIGS.spells, spell(1, [3, 1])))).toMatchObject({ factionIds: [3, 2], updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(toRow(ASSET_CONFIGS.spells, spell(1, [3, 1, 3])).factionIds).toEqual([1, 3]);
  });
});

describe("the game-assets page shows why a delete failed", () => {
  it("puts the server's reason for a refused delete (409: the faction still has units) in the page, not only the log", async () => {
    const faction = {
      id: 4, name: "Concord", alignment: "Order", summary: "", description: "Knights.", specialty: "", logoUrl: null, backgroundUrl: null,
      bannerUrl: null, startingResources: null, factionBonuses: null, isActive: true, sortOrder: 0, unitCount: 3, heroCount: 1,
      spellCount: 0, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const reason = "This faction still has 3 units and 1 hero. Delete or move them before deleting the faction.";
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), "http://x"), init);
      const { pathname } = new URL(req.url, "http://x");
      if (req.method === "DELETE") return Response.json({ code: "conflict", message: reason }, { status: 409 });
      if (pathname === "/api/faction") return Response.json({ items: [faction] });
      if (pathname === "/api/auth/me") return Response.json({ user: testUser("moderator") });
      return Response.json({ code: "not_found", message: "Nope." }, { status: 404 });
    });
    storeSession(testUser("moderator"));
    const router = createMemoryRouter([{ path: "/admin/game-assets", Component: GameAssetsPage }], { initialEntries: ["/admin/game-assets?type=factions"] });
    render(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </SWRConfig>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Delete Concord" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete asset" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("“Concord” was not deleted.");
    expect(alert.textContent).toContain(reason);
    // The row is still there.
    expect(screen.getByRole("button", { name: "Delete Concord" })).toBeTruthy();
    fireEvent.click(within(alert).getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByText(reason)).toBeNull());
    error.mockRestore();
  });
});
