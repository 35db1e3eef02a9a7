import { fireEvent, render, screen } from "@testing-library/react";
import { newsArticleInputSchema } from "@schemas/news";
import { describe, expect, it, vi } from "vitest";
import {
  ArticleForm,
  articleToForm,
  emptyArticleForm,
} from "@/features/admin-news/components/article-form";
import { TagOverflow } from "@/features/admin-news/components/tag-overflow";

describe("admin tag overflow", () => {
  it("shows the first 2 tags and '+N more' for the rest", () => {
    render(<TagOverflow tags={["A", "B", "C", "D", "E"]} />);
    expect(screen.getByText("A")).toBeTruthy();
    expect(screen.getByText("B")).toBeTruthy();
    expect(screen.queryByText("C")).toBeNull();
    expect(screen.getByText("+3 more")).toBeTruthy();
  });

  it("shows no '+N more' for 2 tags or fewer", () => {
    render(<TagOverflow tags={["A", "B"]} />);
    expect(screen.queryByText(/more/)).toBeNull();
  });
});

describe("article form", () => {
  it("new articles default to 'Publish article immediately' on and the signed-in author", () => {
    render(<ArticleForm initial={emptyArticleForm("Mo Moderator")} submitLabel="Create Article" onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect((screen.getByLabelText("Publish article immediately") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Author") as HTMLInputElement).value).toBe("Mo Moderator");
    expect(screen.getByLabelText("Summary").getAttribute("rows")).toBe("3");
    expect(screen.getByLabelText("Content").getAttribute("rows")).toBe("12");
  });

  it("editing takes the publish state from the article", () => {
    const form = articleToForm({
      id: 1, title: "T", summary: "S", content: "C", author: "A", imageUrl: null, imageAlt: "", tags: ["x", "y"],
      isPublished: false, publishedAt: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(form.isPublished).toBe(false);
    expect(form.tags).toBe("x, y");
  });

  it("submitting empty required fields shows field messages and sends nothing", () => {
    const onSubmit = vi.fn();
    render(<ArticleForm initial={emptyArticleForm("")} submitLabel="Create Article" onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Create Article" }));
    expect(screen.getByText("Title is required.")).toBeTruthy();
    expect(screen.getByText("Summary is required.")).toBeTruthy();
    expect(screen.getByText("Content is required.")).toBeTruthy();
    expect(screen.getByText("Author is required.")).toBeTruthy();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("tags are comma-separated text: trimmed, empty entries dropped; a bad image URL is refused", () => {
    // The form's values go through the API's own schema.
    const ok = newsArticleInputSchema.parse({ ...emptyArticleForm("A"), title: "T", summary: "S", content: "C", tags: " Patch ,, Events , " });
    expect(ok.tags).toEqual(["Patch", "Events"]);
    expect(ok.imageUrl).toBeNull();
    const bad = newsArticleInputSchema.safeParse({ ...emptyArticleForm("A"), title: "T", summary: "S", content: "C", imageUrl: "not a url" });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["imageUrl"]);
  });
});
