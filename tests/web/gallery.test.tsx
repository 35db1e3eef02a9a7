import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MediaItem } from "@schemas/media";
import { Component as GalleryPage } from "@/features/gallery/routes/gallery";
import { Providers, storeSession, testUser } from "./helpers/render-app";

const media = (id: number, patch: Partial<MediaItem> = {}): MediaItem => ({
  id,
  title: `Item ${id}`,
  description: `About item ${id}`,
  mediaType: "image",
  altText: `Alt ${id}`,
  caption: "",
  tags: "",
  categoryId: 2,
  category: { name: "Maps", color: "#10B981" },
  factionId: 1,
  faction: { name: "Concord" },
  isApproved: true,
  isFeatured: false,
  status: "approved",
  rejectionReason: null,
  uploadedBy: null,
  originalUrl: `/files/media/${id}/original.jpg`,
  largeUrl: `/files/media/${id}/large.jpg`,
  largeWebpUrl: `/files/media/${id}/large.webp`,
  thumbnailUrl: `/files/media/${id}/thumb.jpg`,
  thumbnailWebpUrl: `/files/media/${id}/thumb.webp`,
  posterUrl: null,
  width: 1600,
  height: 900,
  fileSize: 1000,
  viewCount: 1234,
  sortOrder: 0,
  thumbnailStatus: "ready",
  thumbnailError: null,
  createdAt: "2026-03-05T12:00:00.000Z",
  updatedAt: "2026-03-05T12:00:00.000Z",
  ...patch,
});
const listOf = (items: MediaItem[]) => ({ items, totalCount: items.length, page: 1, pageSize: 20, totalPages: items.length ? 1 : 0 });
const FILTERS = { categories: [{ value: 2, label: "Maps", color: "#10B981", slug: "maps", count: 3 }], factions: [], mediaTypes: [] };

function renderGallery(path = "/screenshots", role: "guest" | "moderator" = "guest") {
  storeSession(role === "guest" ? null : testUser(role));
  const router = createMemoryRouter([{ path: "/screenshots", Component: GalleryPage }], { initialEntries: [path] });
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </SWRConfig>,
  );
}

/** Answers /api/media with `list` (or `status`) and /api/media/filters with one category. */
function serve(list: unknown, status = 200) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes("/api/media/filters")) return Response.json(FILTERS);
    if (url.includes("/api/auth/")) return Response.json({ user: testUser("moderator") });
    return Response.json(list, { status });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("gallery page", () => {
  it("shows the title and 12 skeleton cards while loading", () => {
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    renderGallery();
    expect(screen.getByRole("heading", { level: 1, name: "Gallery" })).toBeTruthy();
    expect(screen.getAllByTestId("gallery-skeleton")).toHaveLength(12);
  });

  it("asks for approved items, 20 a page, with the URL's filters", async () => {
    serve(listOf([media(1)]));
    renderGallery("/screenshots?categoryId=2&mediaType=video&page=2");
    await screen.findByText("Item 1");
    const urls = vi.mocked(fetch).mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    const list = urls.find((u) => /\/api\/media\?/.test(u))!;
    const query = new URL(list, "http://x").searchParams;
    expect(Object.fromEntries(query)).toEqual({ approvedOnly: "true", categoryId: "2", mediaType: "video", page: "2", pageSize: "20" });
  });

  it("shows cards with a <picture> (WebP + JPEG, fixed size), badges, category, faction and views", async () => {
    serve(listOf([media(1, { isFeatured: true }), media(2, { mediaType: "video", posterUrl: "/files/media/2/poster.jpg", thumbnailUrl: null, thumbnailWebpUrl: null })]));
    renderGallery();
    const first = (await screen.findByText("Item 1")).closest("article")!;
    expect(first.querySelector('source[type="image/webp"]')!.getAttribute("srcset")).toBe("/files/media/1/thumb.webp");
    const img = first.querySelector("img")!;
    expect([img.getAttribute("src"), img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("alt")]).toEqual([
      "/files/media/1/thumb.jpg",
      "400",
      "225",
      "Alt 1",
    ]);
    expect(first.textContent).toContain("Featured");
    expect(first.textContent).toContain("Maps");
    expect(first.textContent).toContain("Concord");
    expect(first.textContent).toContain("1,234 views");
    const video = screen.getByText("Item 2").closest("article")!;
    expect(video.textContent).toContain("Video");
    expect(video.querySelector("img")!.getAttribute("src")).toBe("/files/media/2/poster.jpg");
    expect(screen.queryByRole("link", { name: /^Edit / })).toBeNull();
  });

  it("falls back to the original silently when a thumbnail fails to load", async () => {
    serve(listOf([media(1)]));
    renderGallery();
    const card = (await screen.findByText("Item 1")).closest("article")!;
    fireEvent.error(card.querySelector("img")!);
    expect(card.querySelector("img")!.getAttribute("src")).toBe("/files/media/1/original.jpg");
    expect(card.querySelector("source")).toBeNull();
  });

  it("shows moderators an edit link per card", async () => {
    serve(listOf([media(5)]));
    renderGallery("/screenshots", "moderator");
    expect((await screen.findByRole("link", { name: "Edit Item 5" })).getAttribute("href")).toBe("/admin/media/5/edit");
  });

  it("shows 'No Media Found' with the unfiltered text", async () => {
    serve(listOf([]));
    renderGallery();
    expect(await screen.findByText("No Media Found")).toBeTruthy();
    expect(screen.getByText("No media items are available at the moment.")).toBeTruthy();
  });

  it("shows 'No Media Found' with the filtered text and the active-filter summary", async () => {
    serve(listOf([]));
    renderGallery("/screenshots?categoryId=2&mediaType=image");
    expect(await screen.findByText("Try adjusting your filters to see more content.")).toBeTruthy();
    expect((await screen.findByText(/Showing:/)).textContent).toContain("Maps · Images");
    expect(screen.getByRole("button", { name: "Filters (2 active)" })).toBeTruthy();
  });

  it("shows 'Failed to Load Media' with the server's message and the connection hint", async () => {
    serve({ code: "internal_error", message: "Something went wrong on our side." }, 500);
    renderGallery();
    expect(await screen.findByText("Failed to Load Media")).toBeTruthy();
    expect(screen.getByText("Something went wrong on our side.")).toBeTruthy();
    expect(screen.getByText("Please check your internet connection and try refreshing the page.")).toBeTruthy();
  });

  it("shows 'There is no page N' with a link to page 1 for a page deeper than a guest's limit (400 on page), not a load failure", async () => {
    serve({ code: "validation_failed", message: "Validation failed.", errors: { page: ["Page must be at most 32."] } }, 400);
    renderGallery("/screenshots?page=33&categoryId=2");
    expect(await screen.findByText("There is no page 33 of this gallery.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the first page" }).getAttribute("href")).toBe("/screenshots?categoryId=2");
    expect(screen.queryByText("Failed to Load Media")).toBeNull();
  });

  it("shows 'There is no page N' for a page past the end of a non-empty gallery", async () => {
    serve({ items: [], totalCount: 3, page: 5, pageSize: 20, totalPages: 1 });
    renderGallery("/screenshots?page=5");
    expect(await screen.findByText("There is no page 5 of this gallery.")).toBeTruthy();
    expect(screen.queryByText("No Media Found")).toBeNull();
  });
});
