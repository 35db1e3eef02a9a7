import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RootLayout } from "@/app/root-layout";
import { Component as SearchPage } from "@/features/search/routes/search";
import type { SearchHit, SearchResponse } from "@shared/search";
import { storeSession, renderRoutes } from "./helpers/render-app";

const hit = (type: SearchHit["type"], id: number, title: string, path: string, visible = true): SearchHit => ({
  type,
  id,
  title,
  path,
  visible,
  snippet: [
    { text: "A fire-breathing ", match: false },
    { text: "dragon", match: true },
    { text: " <b>of</b> the peaks.", match: false },
  ],
});

const ALL: SearchResponse = {
  query: "dragon",
  totalCount: 8,
  page: 1,
  pageSize: 5,
  totalPages: 1,
  groups: [
    { type: "news", label: "News", totalCount: 1, items: [hit("news", 3, "Dragon season", "/news/3")] },
    {
      type: "unit",
      label: "Units",
      totalCount: 7,
      items: [1, 2, 3, 4, 5].map((i) => hit("unit", i, `Drake ${i}`, `/units/${i}`, i !== 5)),
    },
  ],
};
const UNITS_PAGE_2: SearchResponse = {
  query: "dragon",
  totalCount: 47,
  page: 2,
  pageSize: 20,
  totalPages: 3,
  groups: [{ type: "unit", label: "Units", totalCount: 47, items: [hit("unit", 41, "Elder Wyrm", "/units/41")] }],
};

/** Answers GET /api/search by its query; records every URL asked for. */
function serve(answer: (params: URLSearchParams) => { body: unknown; status?: number } | Promise<{ body: unknown; status?: number }>) {
  const asked: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    if (url.pathname !== "/api/search") return Response.json({ code: "not_found", message: "Not found." }, { status: 404 });
    asked.push(`${url.pathname}${url.search}`);
    const { body, status = 200 } = await answer(url.searchParams);
    return Response.json(body, { status });
  });
  return asked;
}

function renderSearch(path: string) {
  storeSession(null);
  return renderRoutes(
    [{ Component: RootLayout, children: [{ index: true, element: <h1>Home page</h1> }, { path: "search", Component: SearchPage }] }],
    path,
    { settings: {} },
  ).router;
}

const main = () => within(screen.getByRole("main"));
const currentUrl = (router: ReturnType<typeof renderSearch>) => `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => vi.restoreAllMocks());

describe("the header's search box", () => {
  it("opens /search?q= with the trimmed text, and ignores an empty search", async () => {
    serve(() => ({ body: ALL }));
    const router = renderSearch("/");
    const user = userEvent.setup();
    const box = within(screen.getByRole("search", { name: "Site" })).getByRole("searchbox", { name: "Search the site" });
    await user.type(box, "   {Enter}");
    expect(currentUrl(router)).toBe("/");
    await user.type(box, "  red dragon {Enter}");
    expect(currentUrl(router)).toBe("/search?q=red+dragon");
  });

  it("shows the search of the URL on /search and is empty elsewhere", async () => {
    serve(() => ({ body: ALL }));
    const router = renderSearch("/search?q=dragon");
    const box = () => within(screen.getByRole("banner")).getByRole("searchbox", { name: "Search the site" }) as HTMLInputElement;
    await waitFor(() => expect(box().value).toBe("dragon"));
    await router.navigate("/");
    await waitFor(() => expect(box().value).toBe(""));
  });

  it("`/` outside a text field focuses the box", async () => {
    serve(() => ({ body: ALL }));
    renderSearch("/");
    await userEvent.setup().keyboard("/");
    expect(document.activeElement?.id).toBe("header-search");
  });
});

describe("/search", () => {
  it("with no search text shows a hint and asks the server nothing", async () => {
    const asked = serve(() => ({ body: ALL }));
    renderSearch("/search");
    expect(await main().findByText(/Type a word or two in the search box/)).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it("shows a skeleton while loading, then the results grouped by type with counts, links and highlighted text", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const asked = serve(async () => {
      await gate;
      return { body: ALL };
    });
    renderSearch("/search?q=dragon");
    expect(await main().findByRole("status")).toBeTruthy();
    expect(main().getAllByTestId("search-skeleton")).toHaveLength(5);
    release();

    const units = within(await main().findByRole("region", { name: "Units (7)" }));
    expect(asked).toEqual(["/api/search?q=dragon"]);
    expect(main().getByRole("region", { name: "News (1)" })).toBeTruthy();
    expect(main().getByText("8 results for “dragon”")).toBeTruthy();
    expect(units.getByRole("link", { name: "Drake 1" }).getAttribute("href")).toBe("/units/1");
    expect(main().getByRole("link", { name: "Dragon season" }).getAttribute("href")).toBe("/news/3");
    // The matched word is a <mark>; markup-like text in a snippet stays text.
    const marks = units.getAllByText("dragon", { selector: "mark" });
    expect(marks).toHaveLength(5);
    expect(units.getAllByText(/<b>of<\/b> the peaks\./)).toHaveLength(5);
    expect(document.querySelector("main b")).toBeNull();
    // A moderator's hidden row is marked.
    expect(units.getAllByText("Not public")).toHaveLength(1);
    // More than shown: a link to the type's own list.
    expect(units.getByRole("link", { name: "See all 7 units" }).getAttribute("href")).toBe("/search?q=dragon&type=unit");
    const filter = within(main().getByRole("navigation", { name: "Result types" }));
    expect(filter.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["All 8", "/search?q=dragon"],
      ["News 1", "/search?q=dragon&type=news"],
      ["Units 7", "/search?q=dragon&type=unit"],
    ]);
    expect(filter.getByRole("link", { name: "All 8" }).getAttribute("aria-current")).toBe("page");
  });

  it("with a type shows that type's page with the pagination, keeping the counts of every type", async () => {
    const asked = serve((params) => ({ body: params.get("type") === "unit" ? UNITS_PAGE_2 : ALL }));
    renderSearch("/search?q=dragon&type=unit&page=2");
    expect(await main().findByRole("link", { name: "Elder Wyrm" })).toBeTruthy();
    expect(asked.sort()).toEqual(["/api/search?q=dragon", "/api/search?q=dragon&type=unit&page=2"]);
    expect(main().getByText("47 results in Units for “dragon” · page 2 of 3")).toBeTruthy();
    const pages = within(main().getByRole("navigation", { name: "Pagination" }));
    expect(pages.getByRole("link", { name: "Page 3" }).getAttribute("href")).toBe("/search?q=dragon&type=unit&page=3");
    expect(pages.getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("/search?q=dragon&type=unit");
    const filter = within(await main().findByRole("navigation", { name: "Result types" }));
    expect(filter.getByRole("link", { name: "Units 7" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows a type with more results than were ranked as “30+”, links to more of them, and says how its list was chosen", async () => {
    const capped: SearchResponse = {
      query: "tournament",
      totalCount: 31,
      capped: true,
      page: 1,
      pageSize: 5,
      totalPages: 1,
      groups: [
        { type: "news", label: "News", totalCount: 30, capped: true, items: [1, 2, 3, 4, 5].map((i) => hit("news", i, `Cup ${i}`, `/news/${i}`)) },
        { type: "unit", label: "Units", totalCount: 1, items: [hit("unit", 9, "Drake", "/units/9")] },
      ],
    };
    const newsPage: SearchResponse = { ...capped, capped: true, totalCount: 30, pageSize: 20, totalPages: 2, groups: [{ ...capped.groups[0]!, items: capped.groups[0]!.items }] };
    serve((params) => ({ body: params.get("type") === "news" ? newsPage : capped }));
    const router = renderSearch("/search?q=tournament");
    const news = within(await main().findByRole("region", { name: "News (30+)" }));
    expect(main().getByText("31+ results for “tournament”")).toBeTruthy();
    expect(news.getByRole("link", { name: "See more news" }).getAttribute("href")).toBe("/search?q=tournament&type=news");
    const filter = within(main().getByRole("navigation", { name: "Result types" }));
    expect(filter.getAllByRole("link").map((a) => a.textContent)).toEqual(["All 31+", "News 30+", "Units 1"]);
    await router.navigate("/search?q=tournament&type=news");
    expect(await main().findByText("30+ results in News for “tournament” · page 1 of 2")).toBeTruthy();
    expect(main().getByText("Showing the best of the 30 newest results. Add a word to narrow the search.")).toBeTruthy();
  });

  it("says so when nothing matches", async () => {
    serve(() => ({ body: { query: "qwxz", groups: [], totalCount: 0, page: 1, pageSize: 5, totalPages: 0 } }));
    renderSearch("/search?q=qwxz");
    expect(await main().findByText("No results for “qwxz”.")).toBeTruthy();
    expect(main().queryByRole("navigation", { name: "Result types" })).toBeNull();
  });

  it("shows an error with a retry that searches again", async () => {
    let fail = true;
    const asked = serve(() => (fail ? { body: { code: "internal_error", message: "Boom." }, status: 500 } : { body: ALL }));
    renderSearch("/search?q=dragon");
    const alert = await main().findByRole("alert");
    expect(within(alert).getByText("Failed to load search results")).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try Again" }));
    expect(await main().findByRole("region", { name: "Units (7)" })).toBeTruthy();
    expect(asked.length).toBe(2);
  });

  it("a page past the deepest the API serves (its 400 naming page) shows “no such page” with a link to the first page, not a load failure", async () => {
    serve((params) =>
      params.get("page") ? { body: { code: "validation_failed", message: "Validation failed.", errors: { page: ["Page must be a whole number from 1 to 100."] } }, status: 400 } : { body: ALL },
    );
    renderSearch("/search?q=dragon&type=unit&page=150");
    expect(await main().findByText("There is no page 150 of these results.")).toBeTruthy();
    expect(main().getByRole("link", { name: "Go to the first page" }).getAttribute("href")).toBe("/search?q=dragon&type=unit");
    expect(main().queryByRole("alert")).toBeNull();
  });
});
