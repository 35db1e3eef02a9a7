import type { ReactNode } from "react";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { mutate, SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as HomePage } from "@/features/news/routes/home";
import { Component as NewsArticlePage } from "@/features/news/routes/news-article";
import { FirstViewProvider, isSeededFresh, readInitialData, resetInitialData, seedInitialData, type InitialData } from "@/lib/initial-data";
import { SessionProvider } from "@/lib/session";
import { storeSession, testUser } from "./helpers/render-app";
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

/** Reads the document's first-view answers and seeds SWR's cache, as src/entry.client.tsx does. */
function seed(doc: Document, now?: number): InitialData {
  const data = readInitialData(doc);
  seedInitialData(data, now);
  return data;
}

/**
 * The app's real SWR config (global cache, the initial-data middleware) around the first view's
 * answers, as the app has them; `session` for pages that read it.
 */
function renderRoute(pattern: string, path: string, Component: () => ReactNode, data: InitialData, { session = false } = {}) {
  const router = createMemoryRouter([{ path: pattern, Component }], { initialEntries: [path] });
  const routes = <RouterProvider router={router} />;
  return render(
    <SWRConfig value={{ ...createSwrConfig(false), shouldRetryOnError: false, fallback: data.answers }}>
      <FirstViewProvider data={data}>{session ? <SessionProvider>{routes}</SessionProvider> : routes}</FirstViewProvider>
    </SWRConfig>,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetInitialData();
  // SWR's global cache outlives a test; the app starts with it empty (the answers are only its fallback).
  await mutate(() => true, undefined, { revalidate: false });
});

describe("initial data written into the HTML by the Worker", () => {
  it("a guest's first view of / shows the injected articles and makes no /api request", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const list = { items: [article(3, "Seeded headline")], totalCount: 1, page: 1, pageSize: 3, totalPages: 1 };
    const data = seed(documentWith({ "/api/news?pageSize=3": list }));
    expect(Object.keys(data.answers)).toEqual(["/api/news?pageSize=3"]);
    renderRoute("/", "/", HomePage, data);
    expect(screen.getByText("Seeded headline")).toBeTruthy();
    // SWR defers a revalidation of cached data to the next animation frame: let two pass.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a signed-in member reads the injected answers as a guest does: no /api request", async () => {
    storeSession(testUser("user"));
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const list = { items: [article(4, "Seeded for members too")], totalCount: 1, page: 1, pageSize: 3, totalPages: 1 };
    renderRoute("/", "/", HomePage, seed(documentWith({ "/api/news?pageSize=3": list })));
    expect(screen.getByText("Seeded for members too")).toBeTruthy();
    await nextFrames();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a moderator sees the injected article at once and the hook revalidates it with the API (moderators may read more)", async () => {
    storeSession(testUser("moderator"));
    const listOf = (title: string) => ({ items: [article(41, title)], totalCount: 1, page: 1, pageSize: 3, totalPages: 1 });
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(listOf("Fresh from the API")));
    renderRoute("/", "/", HomePage, seed(documentWith({ "/api/news?pageSize=3": listOf("Guest copy") })));
    expect(screen.getByText("Guest copy")).toBeTruthy();
    expect(await screen.findByText("Fresh from the API")).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("seeded answers count as fresh only within the hook's dedupe window", () => {
    seed(documentWith({ "/api/news/filters": { tags: [], authors: [] } }), 1_000);
    expect(isSeededFresh("/api/news/filters", 30_000, 1_000 + 29_999)).toBe(true);
    expect(isSeededFresh("/api/news/filters", 30_000, 1_000 + 30_000)).toBe(false);
    expect(isSeededFresh("/api/news/other", 30_000, 1_000)).toBe(false);
  });

  it("ignores a missing element, malformed JSON and keys outside /api", () => {
    const keys = (doc: Document) => Object.keys(readInitialData(doc).answers);
    expect(keys(document.implementation.createHTMLDocument("t"))).toEqual([]);
    expect(keys(documentWith(null, "{not json"))).toEqual([]);
    expect(keys(documentWith([1, 2]))).toEqual([]);
    expect(keys(documentWith({ "https://evil.example/x": 1, "/api/ok": 2 }))).toEqual(["/api/ok"]);
  });

  it("a guest's first view of a missing article shows 'Article Not Found' from the injected 404 and makes no /api request", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const data = seed(documentWith({ "/api/news/77": NOT_FOUND }, undefined, "initial-missing"));
    expect(Object.keys(data.missing)).toEqual(["/api/news/77"]);
    renderRoute("/news/:id", "/news/77", NewsArticlePage, data, { session: true });
    // From the first render: no loading state in between.
    expect(screen.getByRole("heading", { level: 1, name: "Article Not Found" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("link", { name: "View All News" }).getAttribute("href")).toBe("/news");
    await nextFrames();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("a moderator's hook asks the API again despite an injected 404 (moderators see drafts)", async () => {
    storeSession(testUser("moderator"));
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(NOT_FOUND, { status: 404 }));
    const data = seed(documentWith({ "/api/news/78": NOT_FOUND }, undefined, "initial-missing"));
    renderRoute("/news/:id", "/news/78", NewsArticlePage, data, { session: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Article Not Found" })).toBeTruthy();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes("/api/news/78"))).toHaveLength(1);
  });

  it("an injected 404 is only for its own key: another article is fetched as usual", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(NOT_FOUND, { status: 404 }));
    const data = seed(documentWith({ "/api/news/79": NOT_FOUND }, undefined, "initial-missing"));
    renderRoute("/news/:id", "/news/80", NewsArticlePage, data, { session: true });
    expect(await screen.findByRole("heading", { level: 1, name: "Article Not Found" })).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toContain("/api/news/80");
  });
});
