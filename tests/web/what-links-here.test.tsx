import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import type { Backlink } from "@schemas/wiki";
import type { Paged } from "@schemas/query";
import { backlinksKey } from "@/features/game/api/get-backlinks";
import { WhatLinksHere } from "@/features/game/components/what-links-here";

const page = (items: Backlink[], totalCount = items.length): Paged<Backlink> => ({ items, totalCount, page: 1, pageSize: 20, totalPages: 1 });
const target = { type: "unit" as const, id: 12 };

function renderWith(answer: Paged<Backlink>) {
  const router = createMemoryRouter([{ path: "/", element: <WhatLinksHere target={target} /> }]);
  return render(
    <SWRConfig value={{ provider: () => new Map(), fallback: { [backlinksKey(target)]: answer } }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

describe("What links here", () => {
  it("lists each linking guide and article with its kind, the ones showing the card, and how many more there are", () => {
    renderWith(
      page(
        [
          { type: "guide", id: 1, title: "Holding the line", path: "/game-info/holding-the-line", isPublished: true, embeds: true },
          { type: "news", id: 7, title: "Patch 1.2", path: "/news/7", isPublished: true, embeds: false },
        ],
        25,
      ),
    );
    expect(screen.getByRole("heading", { level: 2, name: "What links here" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Holding the line" }).getAttribute("href")).toBe("/game-info/holding-the-line");
    expect(screen.getByText("Guide · shows its stat card")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Patch 1.2" }).getAttribute("href")).toBe("/news/7");
    expect(screen.getByText("And 23 more.")).toBeTruthy();
  });

  it("shows nothing when nothing links here", () => {
    const { container } = renderWith(page([]));
    expect(container.textContent).toBe("");
  });
});
