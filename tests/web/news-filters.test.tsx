import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewsFilters } from "@/features/news/components/news-filters";
import { NewsSearchBox, SEARCH_DEBOUNCE_MS } from "@/features/news/components/news-search-box";
import { parseNewsFilters, useNewsUrlFilters } from "@/features/news/hooks/use-news-url-filters";

const OPTIONS = { tags: ["Patch Notes", "Events"], authors: ["Alice Admin", "Mo Moderator"] };

function Harness() {
  const { filters, setFilter, clearAll } = useNewsUrlFilters();
  const location = useLocation();
  return (
    <>
      <NewsFilters filters={filters} options={OPTIONS} onChange={setFilter} onClear={clearAll} />
      <output data-testid="url">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: "/news", Component: Harness }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

/** The current value of a form control. */
const valueOf = (el: HTMLElement) => (el as unknown as { value: string }).value;
const url = () => screen.getByTestId("url").textContent;

describe("news filters live in the URL", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it("choosing a tag puts ?tag= in the URL and resets the page to 1", () => {
    renderAt("/news?page=3&author=Alice+Admin");
    fireEvent.change(screen.getByLabelText("Filter by Tag"), { target: { value: "Patch Notes" } });
    expect(url()).toBe("/news?tag=Patch+Notes&author=Alice+Admin");
  });

  it("choosing an author puts ?author= in the URL; 'All Authors' removes it", () => {
    renderAt("/news");
    const select = screen.getByLabelText("Filter by Author");
    expect(valueOf(select)).toBe("");
    expect(screen.getByRole("option", { name: "All Authors" })).toBeTruthy();
    fireEvent.change(select, { target: { value: "Mo Moderator" } });
    expect(url()).toBe("/news?author=Mo+Moderator");
    fireEvent.change(select, { target: { value: "" } });
    expect(url()).toBe("/news");
  });

  it("reads the filters from a shared URL and shows them as Active filters", () => {
    renderAt("/news?search=dragons&tag=Events&page=2");
    expect(screen.getByPlaceholderText<HTMLInputElement>("Search articles...").value).toBe("dragons");
    expect(valueOf(screen.getByLabelText("Filter by Tag"))).toBe("Events");
    expect(screen.getByText("Active filters:")).toBeTruthy();
    expect(screen.getByText("Search: dragons")).toBeTruthy();
    expect(screen.getByText("Tag: Events")).toBeTruthy();
  });

  it("the search is applied 500 ms after typing stops (page reset), not before", () => {
    renderAt("/news?page=4");
    fireEvent.change(screen.getByPlaceholderText("Search articles..."), { target: { value: "siege" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(url()).toBe("/news?page=4");
    act(() => vi.advanceTimersByTime(1));
    expect(url()).toBe("/news?search=siege");
  });

  it("Clear All Filters resets search, tag, author and page, and empties the search box", () => {
    renderAt("/news?search=elves&tag=Events&author=Alice+Admin&page=2");
    fireEvent.click(screen.getByRole("button", { name: "Clear All Filters" }));
    expect(url()).toBe("/news");
    expect(screen.getByPlaceholderText<HTMLInputElement>("Search articles...").value).toBe("");
    expect(screen.queryByText("Active filters:")).toBeNull();
    expect(valueOf(screen.getByLabelText("Filter by Tag"))).toBe("");
  });

  it("bad page values fall back to page 1", () => {
    expect(parseNewsFilters(new URLSearchParams("page=-2")).page).toBe(1);
    expect(parseNewsFilters(new URLSearchParams("page=abc")).page).toBe(1);
    expect(parseNewsFilters(new URLSearchParams("page=7")).page).toBe(7);
  });
});

describe("NewsSearchBox debounce", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it("calls onSearch once, 500 ms after the last keystroke", () => {
    const onSearch = vi.fn();
    render(<NewsSearchBox value="" onSearch={onSearch} />);
    const box = screen.getByPlaceholderText("Search articles...");
    fireEvent.change(box, { target: { value: "d" } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: "dra" } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith("dra");
  });

  it("does not search when the (trimmed) text equals the current filter", () => {
    const onSearch = vi.fn();
    render(<NewsSearchBox value="orcs" onSearch={onSearch} />);
    const box = screen.getByPlaceholderText("Search articles...");
    fireEvent.change(box, { target: { value: "orc" } });
    fireEvent.change(box, { target: { value: "orcs " } });
    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
