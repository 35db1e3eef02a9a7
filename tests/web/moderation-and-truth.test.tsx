/**
 * Issue 34 in the SPA: the site name in the shell, the comment-approval notice saying only what
 * the site knows, the profile's statistics and uploads from real data, the gallery's GIF filter
 * and the news form's image from the media library with its alt text.
 */
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MediaItem } from "@schemas/media";
import { splitSiteName } from "@/app/shell/logo";
import { MODERATION_NOTE } from "@/components/comments-widget";
import { ArticleForm, emptyArticleForm } from "@/features/admin-news/components/article-form";
import { ArticleComments } from "@/features/news/components/article-comments";
import { GalleryFilters } from "@/features/gallery/components/gallery-filters";
import { ProfilePage } from "@/features/profile/components/profile-page";
import { Providers, renderApp, storeSession, testUser } from "./helpers/render-app";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A fake API answering "METHOD /path" (no query) with JSON or { status, body }. */
function serve(routes: Record<string, unknown>) {
  const seen: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), "http://x"), init);
    const url = new URL(req.url, "http://x");
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const answer = routes[`${req.method} ${url.pathname}`];
    if (answer && typeof answer === "object" && "status" in answer && "body" in answer) {
      const a = answer as { status: number; body: unknown };
      return Response.json(a.body, { status: a.status });
    }
    return answer === undefined ? Response.json({ code: "not_found", message: "Nope." }, { status: 404 }) : Response.json(answer);
  });
  return seen;
}

const media = (id: number, patch: Partial<MediaItem> = {}): MediaItem => ({
  id, title: `Item ${id}`, description: "d", mediaType: "image", altText: "", caption: "", tags: "", categoryId: 1,
  category: null, factionId: null, faction: null, isApproved: true, isFeatured: false, status: "approved", rejectionReason: null,
  uploadedBy: null, originalUrl: `/files/media/${id}/original.jpg`, largeUrl: `/files/media/${id}/large.webp`, largeWebpUrl: null,
  thumbnailUrl: `/files/media/${id}/thumb.jpg`, thumbnailWebpUrl: null, posterUrl: null, width: 100, height: 50, fileSize: 10,
  viewCount: 0, sortOrder: 0, thumbnailStatus: "ready", thumbnailError: null, createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z", ...patch,
});

describe("the site name", () => {
  it("is the header logo's text (its last word in the brand colour) and the footer's", () => {
    renderApp({ settings: { siteName: "Aldermere Wiki" } });
    const home = screen.getByRole("link", { name: "Aldermere Wiki home" });
    expect(home.textContent).toBe("Aldermere Wiki");
    expect(within(home).getByText("Wiki").className).toContain("text-brand-700");
    const footer = screen.getByRole("contentinfo");
    expect(footer.textContent).toContain("Aldermere Wiki");
    expect(footer.textContent).toContain("© 2025 Aldermere Wiki.");
    expect(footer.textContent).not.toContain("Realm Codex");
  });

  it("splits at the last space; a one-word name has no accent", () => {
    expect(splitSiteName("Realm Codex")).toEqual(["Realm ", "Codex"]);
    expect(splitSiteName("The Grand Codex")).toEqual(["The Grand ", "Codex"]);
    expect(splitSiteName("Aldermere")).toEqual(["Aldermere", ""]);
  });
});

describe("the comment-approval notice", () => {
  const comments = (moderateComments: boolean) =>
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <Providers settings={{ moderateComments }}>
          <ArticleComments articleId={1} title="T" />
        </Providers>
      </SWRConfig>,
    );

  it("says that comments wait for approval only while the setting says so, in words the site can stand by", () => {
    expect(MODERATION_NOTE).toBe("New comments appear once a moderator approves them.");
    comments(true);
    expect(screen.getByText(MODERATION_NOTE)).toBeTruthy();
  });

  it("says nothing about review when it is off", () => {
    comments(false);
    expect(screen.queryByText(MODERATION_NOTE)).toBeNull();
    expect(screen.queryByText(/review/i)).toBeNull();
  });
});

describe("the profile", () => {
  const renderProfile = (role: "user" | "moderator") => {
    storeSession(testUser(role));
    const router = createMemoryRouter([{ path: "/profile", element: <ProfilePage /> }], { initialEntries: ["/profile"] });
    return render(
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </SWRConfig>,
    );
  };
  const STATS = { articlesWritten: 4, mediaUploaded: 2, editsMade: 1234, memberSince: "2025-01-01T00:00:00.000Z" };

  it("shows community statistics from the site's records: articles written, media uploaded, edits made, member since", async () => {
    serve({ "GET /api/account/stats": STATS, "GET /api/account/sessions": { items: [] }, "GET /api/media": { items: [], totalCount: 0, page: 1, pageSize: 6, totalPages: 0 } });
    renderProfile("moderator");
    expect((await screen.findByTestId("stat-articlesWritten")).textContent).toBe("4");
    expect(screen.getByTestId("stat-mediaUploaded").textContent).toBe("2");
    expect(screen.getByTestId("stat-editsMade").textContent).toBe("1,234");
    expect(screen.getByTestId("stat-memberSince").textContent).toContain("2025");
    // Figures the site cannot know are gone.
    for (const gone of ["Articles Read", "Comments Posted", "Forum Posts"]) expect(screen.queryByText(gone)).toBeNull();
  });

  it("lists the member's uploads with their state and a rejected one's reason", async () => {
    const seen = serve({
      "GET /api/account/stats": STATS,
      "GET /api/account/sessions": { items: [] },
      "GET /api/media": {
        items: [media(1, { title: "Sunset", status: "pending", isApproved: false }), media(2, { title: "Blurry map", status: "rejected", isApproved: false, rejectionReason: "Too blurry to read." })],
        totalCount: 2,
        page: 1,
        pageSize: 6,
        totalPages: 1,
      },
    });
    renderProfile("moderator");
    const uploads = await screen.findAllByTestId("my-upload");
    expect(seen).toContain("GET /api/media?mine=true&pageSize=6");
    expect(uploads[0]!.textContent).toContain("Pending");
    expect(uploads[1]!.textContent).toContain("Rejected");
    expect(uploads[1]!.textContent).toContain("Reason: Too blurry to read.");
    expect(within(uploads[1]!).getByRole("link", { name: "Edit “Blurry map”" }).getAttribute("href")).toBe("/admin/media/2/edit");
  });

  it("reads no uploads for a member who uploaded nothing; a failed statistics read says so", async () => {
    const seen = serve({ "GET /api/account/stats": { ...STATS, mediaUploaded: 0 }, "GET /api/account/sessions": { items: [] } });
    renderProfile("user");
    await screen.findByTestId("stat-mediaUploaded");
    expect(screen.queryByRole("heading", { name: "Your Uploads" })).toBeNull();
    expect(seen.some((s) => s.startsWith("GET /api/media"))).toBe(false);
  });

  it("shows the statistics' error state with Try Again", async () => {
    serve({ "GET /api/account/stats": { status: 503, body: { code: "service_unavailable", message: "Down." } }, "GET /api/account/sessions": { items: [] } });
    renderProfile("user");
    expect(await screen.findByText("Failed to load your statistics")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });
});

describe("the gallery's type filter", () => {
  it("offers GIFs beside images and videos", () => {
    const onChange = vi.fn();
    render(<GalleryFilters filters={{ categoryId: null, mediaType: null, page: 1 }} options={undefined} onChange={onChange} />);
    const types = within(screen.getByRole("group", { name: "Media type" })).getAllByRole("button").map((b) => b.textContent);
    expect(types).toEqual(["All Types", "Images", "Videos", "GIFs"]);
    fireEvent.click(screen.getByRole("button", { name: "GIFs" }));
    expect(onChange).toHaveBeenCalledWith({ mediaType: "gif" });
  });
});

describe("the news form's image", () => {
  it("is chosen from the media library, whose item brings its alt text; both are sent", async () => {
    serve({
      "GET /api/media": {
        items: [media(5, { title: "Harbour at dawn", altText: "Ships in a harbour at dawn." })],
        totalCount: 1,
        page: 1,
        pageSize: 24,
        totalPages: 1,
      },
    });
    const onSubmit = vi.fn(async (_input: unknown) => {});
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <ArticleForm
          initial={{ ...emptyArticleForm("Mo"), title: "T", summary: "S", content: "C" }}
          submitLabel="Create Article"
          onSubmit={onSubmit}
          onCancel={() => {}}
        />
      </SWRConfig>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Choose from media for the image" }));
    const picker = await screen.findByRole("dialog", { name: "Choose image" });
    fireEvent.click(await within(picker).findByRole("button", { name: "Use Harbour at dawn" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((screen.getByLabelText("Image") as HTMLInputElement).value).toBe("/files/media/5/large.webp");
    expect((screen.getByLabelText("Image alt text") as HTMLInputElement).value).toBe("Ships in a harbour at dawn.");
    fireEvent.click(screen.getByRole("button", { name: "Create Article" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ imageUrl: "/files/media/5/large.webp", imageAlt: "Ships in a harbour at dawn." });
  });

  it("keeps alt text the editor wrote when another image is picked", async () => {
    serve({ "GET /api/media": { items: [media(6, { altText: "Library words." })], totalCount: 1, page: 1, pageSize: 24, totalPages: 1 } });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <ArticleForm initial={{ ...emptyArticleForm("Mo"), imageAlt: "My own words." }} submitLabel="Create Article" onSubmit={vi.fn()} onCancel={() => {}} />
      </SWRConfig>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Choose from media for the image" }));
    fireEvent.click(await screen.findByRole("button", { name: "Use Item 6" }));
    await waitFor(() => expect((screen.getByLabelText("Image") as HTMLInputElement).value).toBe("/files/media/6/large.webp"));
    expect((screen.getByLabelText("Image alt text") as HTMLInputElement).value).toBe("My own words.");
  });
});
