import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, expect, it, vi } from "vitest";
import { Component as AdminNewsPage } from "@/features/admin-news/routes/admin-news-list";
import { Providers, storeSession, testUser } from "./helpers/render-app";

const ARTICLE = {
  id: 5, title: "Patch day", summary: "S", author: "Mira", imageUrl: null, tags: ["a", "b", "c", "d", "e"],
  isPublished: false, publishedAt: null, createdAt: "2026-03-05T12:00:00.000Z", updatedAt: "2026-03-05T12:00:00.000Z",
};

afterEach(() => vi.restoreAllMocks());

it("lists drafts with status=all, shows '+N more', confirms the delete and shows the server's reason for a failed one", async () => {
  const moderator = testUser("moderator");
  storeSession(moderator);
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    calls.push(`${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}`);
    if (req.url.includes("/api/auth/me")) return Response.json({ user: moderator });
    if (req.method === "DELETE") return Response.json({ code: "not_found", message: "News article not found." }, { status: 404 });
    return Response.json({ items: [ARTICLE], totalCount: 1, page: 1, pageSize: 25, totalPages: 1 });
  });
  const router = createMemoryRouter([{ path: "/admin/news", Component: AdminNewsPage }], { initialEntries: ["/admin/news"] });
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </SWRConfig>,
  );

  const row = await screen.findByTestId("admin-news-row");
  expect(within(row).getByText("Draft")).toBeTruthy();
  expect(within(row).getByText("+3 more")).toBeTruthy();
  expect(within(row).getByRole("link", { name: 'View "Patch day"' }).getAttribute("href")).toBe("/news/5");
  expect(within(row).getByRole("link", { name: 'Edit "Patch day"' }).getAttribute("href")).toBe("/admin/news/edit/5");
  expect(screen.getByRole("link", { name: "+ Create Article" }).getAttribute("href")).toBe("/admin/news/create");
  expect(calls.some((c) => c.startsWith("GET /api/news?") && c.includes("status=all"))).toBe(true);

  fireEvent.click(within(row).getByRole("button", { name: 'Delete "Patch day"' }));
  const dialog = await screen.findByRole("dialog");
  expect(dialog.textContent).toContain('Are you sure you want to delete "Patch day"?');
  expect(calls.some((c) => c.startsWith("DELETE"))).toBe(false);
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
  expect(await screen.findByText("News article not found.")).toBeTruthy();
  expect(calls).toContain("DELETE /api/news/5");
});
