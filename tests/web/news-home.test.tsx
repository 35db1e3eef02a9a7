import type { ReactNode } from "react";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as HomePage } from "@/features/news/routes/home";
import { Component as NewsListPage } from "@/features/news/routes/news-list";
import { LIST_SEARCH_CAP } from "@shared/search";

const item = (id: number, title: string) => ({
  id, title, summary: `Summary ${id}`, author: "Mira", imageUrl: null, tags: ["patch"], isPublished: true,
  publishedAt: "2026-03-05T12:00:00.000Z", createdAt: "2026-03-05T12:00:00.000Z", updatedAt: "2026-03-05T12:00:00.000Z",
});
const page = (items: ReturnType<typeof item>[]) => ({ items, totalCount: items.length, page: 1, pageSize: 12, totalPages: items.length ? 1 : 0 });

function renderPage(path: string, Component: () => ReactNode) {
  const router = createMemoryRouter([{ path: path.split("?")[0], Component }], { initialEntries: [path] });
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

/** Answers /api/news with `news` and /api/news/filters with empty options. */
function serve(news: unknown, status = 200) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes("/api/news/filters")) return Response.json({ tags: [], authors: [] });
    return Response.json(news, { status });
  });
}

afterEach(() => vi.restoreAllMocks());

describe("home page", () => {
  it("shows 3 skeleton cards while loading", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderPage("/", HomePage);
    expect(screen.getAllByTestId("skeleton-card")).toHaveLength(3);
  });

  it("shows the 3 latest articles with Read More links and View All News", async () => {
    serve(page([item(9, "Newest"), item(8, "Older"), item(7, "Oldest")]));
    renderPage("/", HomePage);
    expect(await screen.findByText("Newest")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Read More: Newest" }).getAttribute("href")).toBe("/news/9");
    expect(screen.getByRole("link", { name: "View All News" }).getAttribute("href")).toBe("/news");
    expect(screen.getByRole("link", { name: "Explore the Game" }).getAttribute("href")).toBe("/game-info");
    const call = vi.mocked(fetch).mock.calls[0]![0];
    expect(String(call instanceof Request ? call.url : call)).toContain("pageSize=3");
  });

  it("shows the empty texts and no View All News when there are no articles", async () => {
    serve(page([]));
    renderPage("/", HomePage);
    expect(await screen.findByText("No news articles available yet.")).toBeTruthy();
    expect(screen.getByText("Check back soon for the latest updates!")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "View All News" })).toBeNull();
  });

  it("shows 'Failed to load news articles' when the API fails", async () => {
    serve({ message: "boom" }, 500);
    renderPage("/", HomePage);
    expect(await screen.findByText("Failed to load news articles")).toBeTruthy();
  });
});

describe("news list page", () => {
  it("shows 4 skeleton cards while loading", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderPage("/news", NewsListPage);
    expect(screen.getAllByTestId("skeleton-card")).toHaveLength(4);
  });

  it("shows cards with 'By {author}', the long date and Read Full Article", async () => {
    serve(page([item(3, "Patch day")]));
    renderPage("/news", NewsListPage);
    expect(await screen.findByText("Patch day")).toBeTruthy();
    expect(screen.getByText("By Mira")).toBeTruthy();
    expect(screen.getByText("March 5, 2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Read Full Article: Patch day" }).getAttribute("href")).toBe("/news/3");
  });

  it("shows the spec's empty texts without filters and the filtered-empty text with filters", async () => {
    serve(page([]));
    const first = renderPage("/news", NewsListPage);
    expect(await screen.findByText("No news articles available yet.")).toBeTruthy();
    expect(screen.getByText("Check back soon for the latest updates about the game!")).toBeTruthy();
    first.unmount();
    renderPage("/news?tag=patch", NewsListPage);
    expect(await screen.findByText("No articles match your filters.")).toBeTruthy();
  });

  it("a capped search (a common word) reads its count as 'N+ articles' and says how to narrow it", async () => {
    serve({ ...page([item(9, "Newest"), item(8, "Older")]), totalCount: 60, totalPages: 5, capped: true });
    renderPage("/news?search=tournament", NewsListPage);
    expect(await screen.findByText("Newest")).toBeTruthy();
    expect(screen.getByText("60+ articles")).toBeTruthy();
    expect(screen.getByText(`Showing matches among the ${LIST_SEARCH_CAP} newest articles found. Add a word to narrow the search.`)).toBeTruthy();
  });

  it("an exact search count has no '+' and no narrowing note", async () => {
    serve(page([item(9, "Newest"), item(8, "Older")]));
    renderPage("/news?search=rare", NewsListPage);
    expect(await screen.findByText("2 articles")).toBeTruthy();
    expect(screen.queryByText(/Add a word to narrow the search/)).toBeNull();
  });

  it("shows 'There is no page N' with a link to page 1 for a page deeper than a guest's limit (400 on page), not a load failure", async () => {
    serve({ code: "validation_failed", message: "Validation failed.", errors: { page: ["Page must be at most 58."] } }, 400);
    renderPage("/news?tag=patch&page=59", NewsListPage);
    expect(await screen.findByText("There is no page 59 of these articles.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the first page" }).getAttribute("href")).toBe("/news?tag=patch");
    expect(screen.queryByText("Failed to load news articles")).toBeNull();
  });

  it("shows 'There is no page N' for a page past the end of a non-empty list", async () => {
    serve({ ...page([]), totalCount: 3, page: 4, totalPages: 1 });
    renderPage("/news?page=4", NewsListPage);
    expect(await screen.findByText("There is no page 4 of these articles.")).toBeTruthy();
  });

  it("shows 'Failed to load news articles' with the backend hint on a local host", async () => {
    serve({ message: "boom" }, 500);
    renderPage("/news", NewsListPage);
    expect(await screen.findByText("Failed to load news articles")).toBeTruthy();
    expect(screen.getByText(/Make sure the backend is running/)).toBeTruthy();
  });
});
