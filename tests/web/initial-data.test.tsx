import type { ReactNode } from "react";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as HomePage } from "@/features/news/routes/home";
import { isSeededFresh, resetInitialData, seedInitialData } from "@/lib/initial-data";
import { STORAGE_KEYS } from "@/lib/storage";
import { createSwrConfig } from "@/lib/swr-config";

const article = (id: number, title: string) => ({
  id, title, summary: `Summary ${id}`, content: "Body", author: "Mira", imageUrl: null, tags: ["patch"], isPublished: true,
  publishedAt: "2026-03-05T12:00:00.000Z", createdAt: "2026-03-05T12:00:00.000Z", updatedAt: "2026-03-05T12:00:00.000Z",
});

/** A document whose HTML carries the given initial data, as the Worker writes it. */
function documentWith(data: unknown, raw?: string): Document {
  const doc = document.implementation.createHTMLDocument("t");
  const script = doc.createElement("script");
  script.type = "application/json";
  script.id = "initial-data";
  script.textContent = raw ?? JSON.stringify(data);
  doc.body.appendChild(script);
  return doc;
}

/** The app's real SWR config (global cache, the initial-data middleware). */
function renderRoute(pattern: string, path: string, Component: () => ReactNode) {
  const router = createMemoryRouter([{ path: pattern, Component }], { initialEntries: [path] });
  return render(
    <SWRConfig value={{ ...createSwrConfig(false), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetInitialData();
});

describe("initial data written into the HTML by the Worker", () => {
  it("a guest's first view of / shows the injected articles and makes no /api request", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const list = { items: [article(3, "Seeded headline")], totalCount: 1, page: 1, pageSize: 3, totalPages: 1 };
    expect(seedInitialData(documentWith({ "/api/news?pageSize=3": list }))).toEqual(["/api/news?pageSize=3"]);
    renderRoute("/", "/", HomePage);
    expect(screen.getByText("Seeded headline")).toBeTruthy();
    // SWR defers a revalidation of cached data to the next animation frame: let two pass.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a signed-in reader sees the injected article at once and the hook revalidates it with the API", async () => {
    localStorage.setItem(STORAGE_KEYS.token, "header.payload.signature");
    const listOf = (title: string) => ({ items: [article(41, title)], totalCount: 1, page: 1, pageSize: 3, totalPages: 1 });
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(listOf("Fresh from the API")));
    seedInitialData(documentWith({ "/api/news?pageSize=3": listOf("Guest copy") }));
    renderRoute("/", "/", HomePage);
    expect(screen.getByText("Guest copy")).toBeTruthy();
    expect(await screen.findByText("Fresh from the API")).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("seeded answers count as fresh only within the hook's dedupe window", () => {
    seedInitialData(documentWith({ "/api/news/filters": { tags: [], authors: [] } }), 1_000);
    expect(isSeededFresh("/api/news/filters", 30_000, 1_000 + 29_999)).toBe(true);
    expect(isSeededFresh("/api/news/filters", 30_000, 1_000 + 30_000)).toBe(false);
    expect(isSeededFresh("/api/news/other", 30_000, 1_000)).toBe(false);
  });

  it("ignores a missing element, malformed JSON and keys outside /api", () => {
    expect(seedInitialData(document.implementation.createHTMLDocument("t"))).toEqual([]);
    expect(seedInitialData(documentWith(null, "{not json"))).toEqual([]);
    expect(seedInitialData(documentWith([1, 2]))).toEqual([]);
    expect(seedInitialData(documentWith({ "https://evil.example/x": 1, "/api/ok": 2 }))).toEqual(["/api/ok"]);
  });
});
