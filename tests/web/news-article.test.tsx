import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import type { NewsArticle } from "@schemas/news";
import { Component as ArticlePage } from "@/features/news/routes/news-article";
import { newsKeys } from "@/lib/news-cache";
import { Providers, storeSession, testUser } from "./helpers/render-app";

const HOSTILE = 'Line one\n<script>window.__xss=1</script>\n<img src=x onerror="window.__xss=2">\n\nLast line';

function article(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    id: 42,
    title: "Patch 1.2: <b>Siege</b> changes",
    summary: "Catapults & walls rebalanced.",
    content: HOSTILE,
    author: "Mo Moderator",
    imageUrl: null,
    imageAlt: "",
    tags: ["Patch Notes", "Balance"],
    isPublished: true,
    publishedAt: "2026-03-05T15:04:00.000Z",
    createdAt: "2026-03-05T15:04:00.000Z",
    updatedAt: "2026-03-05T15:04:00.000Z",
    ...overrides,
  };
}

/** The article page with its SWR cache pre-filled (no network in component tests). */
function renderArticle(data: NewsArticle, role: "guest" | "moderator" = "guest") {
  storeSession(role === "guest" ? null : testUser(role));
  const router = createMemoryRouter([{ path: "/news/:id", Component: ArticlePage }], {
    initialEntries: [`/news/${data.id}`],
  });
  return render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: { [newsKeys.article(data.id)]: data },
        revalidateOnMount: false,
        revalidateIfStale: false,
      }}
    >
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </SWRConfig>,
  );
}

describe("article page", () => {
  it("renders the content as text: markup shows literally, no element is created, line breaks kept", async () => {
    const { container } = renderArticle(article());
    const content = await screen.findByTestId("article-content");
    expect(content.textContent).toBe(HOSTILE);
    expect(content.children).toHaveLength(0);
    expect(content.className).toContain("whitespace-pre-line");
    expect(container.querySelector('script:not([type="application/ld+json"])')).toBeNull();
    for (const ld of container.querySelectorAll('script[type="application/ld+json"]')) {
      expect(ld.textContent).not.toContain("<");
    }
    expect(container.querySelector("img")).toBeNull();
    // The title is text too.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Patch 1.2: <b>Siege</b> changes");
  });

  it("shows the breadcrumb, tags, author and long publish date; no Updated date when never edited", async () => {
    renderArticle(article());
    const crumbs = await screen.findByRole("navigation", { name: "Breadcrumb" });
    expect(crumbs.textContent).toContain("Home");
    expect(crumbs.textContent).toContain("News");
    expect(crumbs.textContent).toContain("Patch 1.2");
    expect(screen.getByRole("link", { name: "Balance" }).getAttribute("href")).toBe("/news?tag=Balance");
    expect(screen.getByText("Mo Moderator")).toBeTruthy();
    expect(screen.getByText(/March 5, 2026/)).toBeTruthy();
    expect(screen.queryByTestId("article-updated")).toBeNull();
    expect(screen.getByRole("link", { name: "More News" }).getAttribute("href")).toBe("/news");
  });

  it("describes its image with the article's alt text (and writes og:image:alt in the head)", async () => {
    renderArticle(article({ imageUrl: "/files/media/9/large.webp", imageAlt: "Catapults before the walls of Osric." }));
    const image = await screen.findByRole("img", { name: "Catapults before the walls of Osric." });
    expect(image.getAttribute("src")).toBe("/files/media/9/large.webp");
    await waitFor(() => expect(document.head.querySelector('meta[property="og:image:alt"]')?.getAttribute("content")).toBe("Catapults before the walls of Osric."));
  });

  it("an image without alt text is decoration (alt=\"\"), hidden from screen readers", async () => {
    const { container } = renderArticle(article({ imageUrl: "/files/media/9/large.webp" }));
    await screen.findByTestId("article-content");
    expect(container.querySelector("img")!.getAttribute("alt")).toBe("");
  });

  it("shows the Updated date when updatedAt differs from createdAt", async () => {
    renderArticle(article({ updatedAt: "2026-04-01T09:30:00.000Z" }));
    const updated = await screen.findByTestId("article-updated");
    expect(updated.textContent).toContain("April 1, 2026");
  });

  it("guests see no Edit link; moderators get /admin/news/edit/{id}", async () => {
    renderArticle(article());
    await screen.findByTestId("article-content");
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
  });

  it("moderators see the Edit link", async () => {
    renderArticle(article(), "moderator");
    const edit = await screen.findByRole("link", { name: "Edit" });
    expect(edit.getAttribute("href")).toBe("/admin/news/edit/42");
  });

  it("shows the development placeholder instead of the comment widget on localhost", async () => {
    renderArticle(article());
    expect(await screen.findByTestId("comments-placeholder")).toBeTruthy();
    expect(document.querySelector('script[src*="fastcomments"]')).toBeNull();
  });
});
