import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { headTags, jsonLdText, newsArticleMeta, noindexMeta, pageTitle } from "@shared/seo";
import { PageContextProvider, PageHead } from "@/lib/page-head";
import { DEFAULT_PUBLIC_SETTINGS, SiteSettingsProvider } from "@/lib/site-settings";
import type { PageHeadInfo } from "@shared/app-server";

const head = () => document.head;
const meta = (selector: string) => head().querySelector(selector)?.getAttribute("content");
const ORIGIN = "https://realm.example";
const article = {
  id: 5, title: "Tides", summary: "News from the realm.", author: "Mira", imageUrl: "/files/news/cover.jpg", tags: ["patch"],
  publishedAt: "2026-03-05T12:00:00.000Z", createdAt: "2026-03-05T12:00:00.000Z", updatedAt: "2026-03-06T12:00:00.000Z",
};

describe("a page's head (<PageHead>)", () => {
  it("titles read '{page} | Realm Codex' (the site name alone without a page)", () => {
    expect(pageTitle("Latest News")).toBe("Latest News | Realm Codex");
    expect(pageTitle()).toBe("Realm Codex");
  });

  it("writes the builder's title, description, canonical, Open Graph, article and Twitter tags into the document's head", () => {
    // The app builds its metadata on the origin its page context gives (useSiteOrigin).
    render(
      <PageContextProvider origin={ORIGIN}>
        <PageHead meta={newsArticleMeta(ORIGIN, article)} />
      </PageContextProvider>,
    );
    expect(head().querySelector("title")?.textContent).toBe("Tides | Realm Codex");
    expect(meta('meta[name="description"]')).toBe("News from the realm.");
    expect(head().querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${ORIGIN}/news/5`);
    expect(meta('meta[property="og:type"]')).toBe("article");
    expect(meta('meta[property="og:image"]')).toBe(`${ORIGIN}/files/news/cover.jpg`);
    expect(meta('meta[property="article:published_time"]')).toBe(article.publishedAt);
    expect(meta('meta[name="twitter:card"]')).toBe("summary_large_image");
  });

  it("is the same markup the Worker writes (headTags), so crawlers and the app see one head", () => {
    const info = newsArticleMeta(ORIGIN, article);
    render(
      <PageContextProvider origin={ORIGIN}>
        <PageHead meta={info} />
      </PageContextProvider>,
    );
    const written = document.createElement("head");
    written.innerHTML = headTags(info);
    const inHead = new Set([...head().children].map((e) => e.outerHTML));
    for (const element of written.children) expect(inHead.has(element.outerHTML), element.outerHTML).toBe(true);
  });

  it("replaces the previous page's tags (no second title, no stale article tags) when the page changes", () => {
    const { rerender } = render(<PageHead meta={newsArticleMeta(ORIGIN, article)} />);
    rerender(<PageHead meta={noindexMeta("Sign In")} />);
    expect(head().querySelectorAll("title")).toHaveLength(1);
    expect(head().querySelector("title")?.textContent).toBe("Sign In | Realm Codex");
    expect(head().querySelector('meta[property="article:published_time"]')).toBeNull();
    expect(meta('meta[name="robots"]')).toBe("noindex");
  });

  it("uses the site's configured name in the title", () => {
    render(
      <SiteSettingsProvider initial={{ ...DEFAULT_PUBLIC_SETTINGS, siteName: "My Realm" }}>
        <PageHead meta={noindexMeta("Sign In")} />
      </SiteSettingsProvider>,
    );
    expect(head().querySelector("title")?.textContent).toBe("Sign In | My Realm");
    expect(meta('meta[property="og:site_name"]')).toBe("My Realm");
  });

  it("leaves out a share image, its alt text and structured-data images on a host the site settings do not allow; keeps them once allowed", () => {
    const outside = { ...article, imageUrl: "https://tracker.example.net/cover.jpg", imageAlt: "A cover" };
    const page = (imageHosts: string[]) => (
      <PageContextProvider origin={ORIGIN}>
        <SiteSettingsProvider initial={{ ...DEFAULT_PUBLIC_SETTINGS, imageHosts }}>
          <PageHead meta={newsArticleMeta(ORIGIN, outside)} preload={{ href: outside.imageUrl }} />
        </SiteSettingsProvider>
      </PageContextProvider>
    );
    const { rerender } = render(page([]));
    expect(head().innerHTML).not.toContain("tracker.example.net");
    expect(meta('meta[property="og:image:alt"]')).toBeUndefined();
    expect(meta('meta[name="twitter:card"]')).toBe("summary");
    rerender(page(["tracker.example.net"]));
    expect(meta('meta[property="og:image"]')).toBe(outside.imageUrl);
    expect(meta('meta[property="og:image:alt"]')).toBe("A cover");
    expect(head().querySelector('script[type="application/ld+json"]')?.textContent).toContain(`"image":["${outside.imageUrl}"]`);
  });

  it("JSON-LD escapes '<' so no text can close the script element", () => {
    const data = { "@type": "NewsArticle", headline: "</script><script>alert(1)</script>" };
    const text = jsonLdText(data);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(data);
    render(<PageHead meta={{ ...noindexMeta("Article"), jsonLd: [data] }} />);
    expect(head().querySelector('script[type="application/ld+json"]')?.textContent).toBe(text);
  });

  it("while the Worker renders, hands the page's head, status and preload image to its collector", () => {
    const collected: PageHeadInfo[] = [];
    render(
      <PageContextProvider origin={ORIGIN} collect={(info) => collected.push(info)}>
        <PageHead meta={noindexMeta("Unit Not Found")} status={404} />
      </PageContextProvider>,
    );
    expect(collected.at(-1)).toEqual({ meta: noindexMeta("Unit Not Found"), status: 404, preload: null });
  });
});
