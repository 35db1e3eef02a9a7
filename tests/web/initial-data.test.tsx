import type { ReactNode } from "react";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as HomePage } from "@/features/news/routes/home";
import { Component as NewsArticlePage } from "@/features/news/routes/news-article";
import { isSeededFresh, resetInitialData, seedInitialData } from "@/lib/initial-data";
import { SessionProvider } from "@/lib/session";
import { storeSession, testUser } from "./helpers/render-app";
import { STORAGE_KEYS } from "@/lib/storage";
import { createSwrConfig } from "@/lib/swr-config";

const article = (id: number, title: string) => ({
  id, title, summary: `Summary ${id}`, content: "Body", author: "Mira", imageUrl: null, tags: ["patch"], isPublished: true,
  publishedAt: "2026-03-05T12:00:00.000Z", createdAt: "2026-03-05T12:00:00.000Z", updatedAt: "2026-03-05T12:00:00.000Z",
});

/** A document whose HTML carries the given initial data (or, by `id`, the 404 answers), as the Worker writes it. */
function documentWith(data: unknown, raw?: string, id = "initial-data"): Document {
  const doc = document.implementation.createHTMLDocument("t");
  const script = doc.createElement("script");
  script.type = "application/json";
  script.id = id;
  script.textContent = raw ?? JSON.stringify(data);
  doc.body.appendChild(script);
  return doc;
}

const NOT_FOUND = { code: "not_found", message: "Article not found" };
const nextFrames = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** The app's real SWR config (global cache, the initial-data middleware); `session` for pages that read it. */
function renderRoute(pattern: string, path: string, Component: () => ReactNode, { session = false } = {}) {
  const router = createMemoryRouter([{ path: pattern, Component }], { initialEntries: [path] });
  const routes = <RouterProvider router={router} />;
  return render(
    <SWRConfig value={{ ...createSwrConfig(false), shouldRetryOnError: false }}>
      {session ? <SessionProvider>{routes}</SessionProvider> : routes}
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

  it("a guest's first view of a missing article shows 'Article Not Found' from the injected 404 and makes no /api request", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect(seedInitialData(documentWith({ "/api/news/77": NOT_FOUND }, undefined, "initial-missing"))).toEqual(["/api/news/77"]);
    renderRoute("/news/:id", "/news/77", NewsArticlePage, { session: true });
    // From the first render: no loading state in between (the painted view is replaced by the same view).
    expect(screen.getByRole("heading", { level: 1, name: "Article Not Found" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("link", { name: "View All News" }).getAttribute("href")).toBe("/news");
    await nextFrames();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a signed-in reader's hook asks the API again despite an injected 404 (it may see drafts)", async () => {
    storeSession(testUser("user"));
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(NOT_FOUND, { status: 404 }));
    seedInitialData(documentWith({ "/api/news/78": NOT_FOUND }, undefined, "initial-missing"));
    renderRoute("/news/:id", "/news/78", NewsArticlePage, { session: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Article Not Found" })).toBeTruthy();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes("/api/news/78"))).toHaveLength(1);
  });

  it("an injected 404 is only for its own key: another article is fetched as usual", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(NOT_FOUND, { status: 404 }));
    seedInitialData(documentWith({ "/api/news/79": NOT_FOUND }, undefined, "initial-missing"));
    renderRoute("/news/:id", "/news/80", NewsArticlePage, { session: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Article Not Found" })).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toContain("/api/news/80");
  });
});
