import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonLdText, pageTitle } from "@shared/seo";
import { PageMeta } from "@/lib/page-meta";

const head = () => document.head;
const meta = (selector: string) => head().querySelector(selector)?.getAttribute("content");

describe("page metadata", () => {
  it("titles read '{page} | Realm Codex' (the site name alone without a page)", () => {
    expect(pageTitle("Latest News")).toBe("Latest News | Realm Codex");
    expect(pageTitle()).toBe("Realm Codex");
  });

  it("renders title, description, keywords, canonical, Open Graph and Twitter tags into the head", () => {
    render(
      <PageMeta
        title="Latest News"
        description="News from the realm."
        keywords={["news", "patch notes"]}
        canonicalPath="/news"
        image="/files/news/cover.jpg"
        type="article"
      />,
    );
    expect(head().querySelector("title")?.textContent).toBe("Latest News | Realm Codex");
    expect(meta('meta[name="description"]')).toBe("News from the realm.");
    expect(meta('meta[name="keywords"]')).toBe("news, patch notes");
    expect(head().querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${location.origin}/news`);
    expect(meta('meta[property="og:title"]')).toBe("Latest News | Realm Codex");
    expect(meta('meta[property="og:type"]')).toBe("article");
    expect(meta('meta[property="og:url"]')).toBe(`${location.origin}/news`);
    expect(meta('meta[property="og:image"]')).toBe(`${location.origin}/files/news/cover.jpg`);
    expect(meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(meta('meta[name="twitter:description"]')).toBe("News from the realm.");
  });

  it("JSON-LD escapes '<' so no text can close the script element", () => {
    const data = { "@type": "NewsArticle", headline: "</script><script>alert(1)</script>" };
    const text = jsonLdText(data);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(data);
    const { container } = render(<PageMeta title="Article" jsonLd={data} />);
    const script = container.ownerDocument.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).toBe(text);
  });

  it("removes the edge's static article tags when the app takes over the head", async () => {
    // The Worker injects these for crawlers; after SPA navigation they would describe the wrong page.
    for (const [attr, value] of [["property", "article:published_time"], ["property", "og:title"], ["name", "description"]]) {
      const tag = document.createElement("meta");
      tag.setAttribute(attr!, value!);
      tag.setAttribute("content", "from the edge");
      document.head.appendChild(tag);
    }
    vi.resetModules();
    const fresh = await import("@/lib/page-meta");
    render(<fresh.PageMeta title="Latest News" />);
    expect(document.head.querySelector('meta[property="article:published_time"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[content="from the edge"]')).toHaveLength(0);
  });
});
