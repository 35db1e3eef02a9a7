import { act, render } from "@testing-library/react";
import { startTransition } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { useSpellBookFilters } from "@/features/game/hooks/use-spell-book-filters";
import { useNewsUrlFilters } from "@/features/news/hooks/use-news-url-filters";

/** Renders a route whose component hands its hook's result out, on a memory router. */
function renderHookAt<T>(path: string, useHook: () => T) {
  const result: { current: T | null } = { current: null };
  function Probe() {
    result.current = useHook();
    return null;
  }
  const router = createMemoryRouter([{ path: "*", Component: Probe }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { result, search: () => router.state.location.search };
}

describe("URL filters: changes made before the page re-renders all reach the URL", () => {
  it("spell book: School then Level in one go keep both (/spells?school=Fire&level=2)", async () => {
    const { result, search } = renderHookAt("/spells", useSpellBookFilters);
    await act(async () => {
      startTransition(() => {
        const [, update] = result.current!;
        update({ school: "Fire" });
        update({ level: 2 });
      });
    });
    expect(search()).toBe("?school=Fire&level=2");
    expect(result.current![0]).toEqual({ school: "Fire", level: 2 });
  });

  it("news: tag then author in one go keep both, and a later change builds on the rendered URL", async () => {
    const { result, search } = renderHookAt("/news?page=3", useNewsUrlFilters);
    await act(async () => {
      result.current!.setFilter("tag", "patch");
      result.current!.setFilter("author", "Mira");
    });
    expect(search()).toBe("?tag=patch&author=Mira");
    await act(async () => result.current!.setFilter("search", "dragons"));
    expect(search()).toBe("?search=dragons&tag=patch&author=Mira");
    await act(async () => result.current!.clearAll());
    expect(search()).toBe("");
  });
});
