import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as AuditLog } from "@/features/admin-audit/routes/audit-log";
import { Component as GuideEdit } from "@/features/game-assets/routes/guide-edit";
import { Component as GuideList } from "@/features/game-assets/routes/guides";
import { Component as GameInfo } from "@/features/game/routes/game-info";
import { storeSession, testUser, renderRoutes } from "./helpers/render-app";

const T1 = "2026-01-01T00:00:00.000Z";
const T2 = "2026-01-02T00:00:00.000Z";

const guide = (over: Record<string, unknown> = {}) => ({
  id: 3, title: "Holding the ford", slug: "holding-the-ford", category: "Combat", summary: "Where to stand.",
  content: "Pikes first.\nArchers behind.", imageUrl: null, author: "Milo", isFeatured: false, isPublished: true, sortOrder: 0,
  publishedAt: T1, createdAt: T1, updatedAt: T1, ...over,
});
const paged = (items: unknown[], page = 1, totalPages = 1) => ({ items, totalCount: items.length, page, pageSize: 12, totalPages });

type Call = { method: string; path: string; search: string; body: unknown };
type Handler = (call: Call) => { body?: unknown; status?: number };

/** Answers fetch by "METHOD /path"; records every call. */
function serve(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
    const url = new URL(request.url, "http://localhost");
    const text = request.method === "GET" ? "" : await request.text();
    const call = { method: request.method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined };
    calls.push(call);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) return Response.json({ code: "not_found", message: "Not found." }, { status: 404 });
    const { body, status = 200 } = handler(call);
    return body === undefined ? new Response(null, { status }) : Response.json(body, { status });
  });
  return calls;
}

/** Renders the pages at `path`; the admin list is a stand-in unless `list` asks for the real one. */
function renderAt(path: string, { list = false } = {}) {
  return renderRoutes(
    [
      { path: "/game-info", Component: GameInfo },
      list ? { path: "/admin/game-info", Component: GuideList } : { path: "/admin/game-info", element: <h1>Guide list</h1> },
      { path: "/admin/game-info/new", Component: GuideEdit },
      { path: "/admin/game-info/:id/edit", Component: GuideEdit },
      { path: "/admin/audit", Component: AuditLog },
    ],
    path,
  ).router;
}

afterEach(() => {
  vi.restoreAllMocks();
  storeSession(null);
});

describe("/game-info", () => {
  const categories = { categories: [{ value: "Combat", count: 1 }, { value: "Lore", count: 2 }] };

  it("lists the guides with the categories as links; choosing one puts it in the URL and asks for that page", async () => {
    const calls = serve({
      "GET /api/gameinfo": (c) => ({ body: paged(c.search.includes("category=Lore") ? [guide({ id: 4, title: "The Sundering", category: "Lore" })] : [guide({ isFeatured: true })]) }),
      "GET /api/gameinfo/categories": () => ({ body: categories }),
      "GET /api/faction": () => ({ body: paged([]) }),
    });
    const router = renderAt("/game-info");
    const card = (await screen.findByRole("link", { name: "Holding the ford" })).closest("article")!;
    expect(within(card).getByText("Featured")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Categories" });
    expect(within(nav).getByRole("link", { name: /^All/ }).getAttribute("aria-current")).toBe("page");
    await userEvent.click(within(nav).getByRole("link", { name: /^Lore/ }));
    expect(await screen.findByRole("link", { name: "The Sundering" })).toBeTruthy();
    expect(router.state.location.search).toBe("?category=Lore");
    expect(within(nav).getByRole("link", { name: /^Lore/ }).getAttribute("aria-current")).toBe("page");
    expect(calls.some((c) => c.path === "/api/gameinfo" && c.search === "?category=Lore&pageSize=12")).toBe(true);
  });

  it("a search keeps the category, goes to page 1 and says when nothing matches", async () => {
    serve({
      "GET /api/gameinfo": (c) => ({ body: c.search.includes("search=") ? paged([]) : paged([guide()], 2, 2) }),
      "GET /api/gameinfo/categories": () => ({ body: categories }),
      "GET /api/faction": () => ({ body: paged([]) }),
    });
    const router = renderAt("/game-info?category=Combat&page=2");
    await screen.findByRole("link", { name: "Holding the ford" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search guides" }), "dragons{Enter}");
    expect(await screen.findByText("No guides match your filters.")).toBeTruthy();
    expect(router.state.location.search).toBe("?category=Combat&search=dragons");
  });

  it("a failed load shows the page's error with Try Again", async () => {
    serve({
      "GET /api/gameinfo": () => ({ body: { code: "service_unavailable", message: "The service is temporarily unavailable." }, status: 503 }),
      "GET /api/gameinfo/categories": () => ({ body: categories }),
      "GET /api/faction": () => ({ body: paged([]) }),
    });
    renderAt("/game-info");
    expect(await screen.findByRole("heading", { name: "Failed to load game info" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });
});

describe("the guide editor", () => {
  it("a new guide's slug follows its title until it is edited; Preview shows the text as readers will", async () => {
    storeSession(testUser("moderator"));
    serve({ "GET /api/gameinfo/categories": () => ({ body: { categories: [] } }) });
    renderAt("/admin/game-info/new");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Title"), "Holding the Ford!");
    expect((screen.getByLabelText("Slug") as HTMLInputElement).value).toBe("holding-the-ford");
    await user.clear(screen.getByLabelText("Slug"));
    await user.type(screen.getByLabelText("Slug"), "ford");
    await user.type(screen.getByLabelText("Title"), " Again");
    expect((screen.getByLabelText("Slug") as HTMLInputElement).value).toBe("ford");
    await user.type(screen.getByLabelText("Content"), "Line one.{Enter}Line two.");
    await user.click(screen.getByRole("tab", { name: "Preview" }));
    const preview = screen.getByTestId("guide-preview");
    expect(within(preview).getByRole("heading", { name: "Holding the Ford! Again" })).toBeTruthy();
    expect(within(preview).getByTestId("gameinfo-content").textContent).toBe("Line one.\nLine two.");
  });

  it("refuses a blank title and category with the schema's texts, sending nothing", async () => {
    storeSession(testUser("moderator"));
    const calls = serve({ "GET /api/gameinfo/categories": () => ({ body: { categories: [] } }) });
    renderAt("/admin/game-info/new");
    await userEvent.click(await screen.findByRole("button", { name: "Create Guide" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByText("Category is required")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("a taken slug is shown under the Slug field", async () => {
    storeSession(testUser("moderator"));
    serve({
      "GET /api/gameinfo/3": () => ({ body: guide() }),
      "GET /api/gameinfo/categories": () => ({ body: { categories: [] } }),
      "PUT /api/gameinfo/3": () => ({
        status: 409,
        body: { code: "conflict", message: "An article with this slug already exists.", errors: { slug: ["An article with this slug already exists."] } },
      }),
    });
    renderAt("/admin/game-info/3/edit");
    const slug = await screen.findByLabelText("Slug");
    await userEvent.clear(slug);
    await userEvent.type(slug, "taken");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("An article with this slug already exists.")).toBeTruthy();
    expect(slug.getAttribute("aria-invalid")).toBe("true");
  });

  it("saves with the version it loaded; a 409 shows 'Changed elsewhere' with their values, and Keep mine saves on their version", async () => {
    storeSession(testUser("moderator"));
    let puts = 0;
    const calls = serve({
      "GET /api/gameinfo/3": () => ({ body: guide() }),
      "GET /api/gameinfo/categories": () => ({ body: { categories: [] } }),
      "PUT /api/gameinfo/3": () =>
        ++puts === 1
          ? { status: 409, body: { code: "stale_version", message: "Changed.", current: guide({ summary: "Their summary.", updatedAt: T2 }) } }
          : { body: guide({ summary: "My summary.", updatedAt: "2026-01-03T00:00:00.000Z" }) },
    });
    const router = renderAt("/admin/game-info/3/edit");
    const summary = await screen.findByLabelText("Summary");
    await userEvent.clear(summary);
    await userEvent.type(summary, "My summary.");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    expect(within(prompt).getByText("Their summary.")).toBeTruthy();
    await userEvent.click(within(prompt).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/game-info"));
    const bodies = calls.filter((c) => c.method === "PUT").map((c) => c.body as { summary: string; updatedAt: string });
    expect(bodies.map((b) => [b.summary, b.updatedAt])).toEqual([
      ["My summary.", T1],
      ["My summary.", T2],
    ]);
  });

  it("a guide that fails to load says so, and Try Again loads it", async () => {
    storeSession(testUser("moderator"));
    let fail = true;
    serve({
      "GET /api/gameinfo/categories": () => ({ body: { categories: [] } }),
      "GET /api/gameinfo/3": () => (fail ? { status: 503, body: { code: "service_unavailable", message: "The service is temporarily unavailable." } } : { body: guide() }),
    });
    renderAt("/admin/game-info/3/edit");
    expect(await screen.findByText("Failed to load the guide")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(((await screen.findByLabelText("Title")) as HTMLInputElement).value).toBe("Holding the ford");
  });

  it("an id with no guide says so and offers its history (a deleted guide is restored from there)", async () => {
    storeSession(testUser("moderator"));
    serve({ "GET /api/gameinfo/categories": () => ({ body: { categories: [] } }) });
    renderAt("/admin/game-info/99/edit");
    expect(await screen.findByRole("heading", { level: 1, name: "Guide Not Found" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "History" })).toBeTruthy();
  });
});

describe("/admin/game-info", () => {
  const categories = { "GET /api/gameinfo/categories": () => ({ body: { categories: [{ value: "Combat", count: 2 }] } }) };

  it("lists drafts too; Publish reads the whole guide and writes it back with the list's version and the flag on", async () => {
    storeSession(testUser("moderator"));
    const draft = guide({ isPublished: false, publishedAt: null });
    const calls = serve({
      ...categories,
      "GET /api/gameinfo": () => ({ body: paged([draft]) }),
      "GET /api/gameinfo/3": () => ({ body: draft }),
      "PUT /api/gameinfo/3": () => ({ body: guide({ updatedAt: T2 }) }),
    });
    renderAt("/admin/game-info", { list: true });
    const row = await screen.findByTestId("admin-guide-row");
    expect(row.textContent).toContain("Draft");
    expect(calls.find((c) => c.path === "/api/gameinfo")!.search).toContain("publishedOnly=false");
    await userEvent.click(within(row).getByRole("button", { name: 'Publish "Holding the ford"' }));
    expect(await screen.findByText('Published: "Holding the ford".')).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT")!.body as { isPublished: boolean; content: string; updatedAt: string };
    expect([put.isPublished, put.content, put.updatedAt]).toEqual([true, "Pikes first.\nArchers behind.", T1]);
  });

  it("a toggle refused because someone changed the guide says so and reloads the list (409)", async () => {
    storeSession(testUser("moderator"));
    const calls = serve({
      ...categories,
      "GET /api/gameinfo": () => ({ body: paged([guide()]) }),
      "GET /api/gameinfo/3": () => ({ body: guide() }),
      "PUT /api/gameinfo/3": () => ({ status: 409, body: { code: "stale_version", message: "Changed.", current: guide({ updatedAt: T2 }) } }),
    });
    renderAt("/admin/game-info", { list: true });
    const row = await screen.findByTestId("admin-guide-row");
    await userEvent.click(within(row).getByRole("button", { name: 'Feature "Holding the ford"' }));
    expect(await screen.findByText("Someone else changed this guide meanwhile. The list has been reloaded; try again.")).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/gameinfo").length).toBeGreaterThan(1));
  });

  it("Delete asks first, then deletes and says so", async () => {
    storeSession(testUser("moderator"));
    const calls = serve({
      ...categories,
      "GET /api/gameinfo": () => ({ body: paged([guide()]) }),
      "DELETE /api/gameinfo/3": () => ({ status: 204 }),
    });
    renderAt("/admin/game-info", { list: true });
    const row = await screen.findByTestId("admin-guide-row");
    await userEvent.click(within(row).getByRole("button", { name: 'Delete "Holding the ford"' }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("It can be restored from its history.");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText('Deleted "Holding the ford".')).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/gameinfo/3"]);
  });

  it("no guides: the empty view; a failed load: the error with Try Again, which loads again", async () => {
    storeSession(testUser("moderator"));
    let fail = true;
    serve({ ...categories, "GET /api/gameinfo": () => (fail ? { status: 503, body: { code: "service_unavailable", message: "The service is temporarily unavailable." } } : { body: paged([]) }) });
    renderAt("/admin/game-info", { list: true });
    expect(await screen.findByText("Failed to load the guides")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("No guides yet.")).toBeTruthy();
  });

  it("is for moderators: a member sees Access Denied", () => {
    storeSession(testUser("user"));
    const calls = serve({});
    renderAt("/admin/game-info", { list: true });
    expect(screen.getByRole("alert").textContent).toBe("Access denied. Admin or Moderator role required.");
    expect(calls).toEqual([]);
  });
});

describe("/admin/audit", () => {
  const entry = {
    id: 9, action: "update", entityType: "gameinfo", entityId: "3", entityName: "Holding the ford",
    user: { id: 2, name: "Milo Ferris" }, createdAt: T1,
    changes: [{ field: "isPublished", old: false, new: true }, { field: "summary", new: "Only the new value." }],
  };

  it("shows who did what to which record, linked, with old and new values", async () => {
    storeSession(testUser("admin"));
    serve({
      "GET /api/audit": () => ({ body: { items: [entry], totalCount: 1, page: 1, pageSize: 50, totalPages: 1 } }),
      "GET /api/audit/filters": () => ({ body: { users: [], entityTypes: [], actions: [] } }),
    });
    renderAt("/admin/audit");
    const card = await screen.findByTestId("audit-entry");
    expect(within(card).getByRole("link", { name: "Guide #3" }).getAttribute("href")).toBe("/admin/game-info/3/edit");
    expect(card.textContent).toContain("“Holding the ford” by Milo Ferris");
    expect(card.textContent).toContain("Old value: No");
    expect(card.textContent).toContain("New value: Yes");
    // A value the row did not record has no "old" line.
    expect(card.textContent).toContain("summaryNew value: Only the new value.");
  });

  it("a filter the API would refuse is explained, and nothing is asked for", async () => {
    storeSession(testUser("admin"));
    const calls = serve({ "GET /api/audit/filters": () => ({ body: { users: [], entityTypes: [], actions: [] } }) });
    renderAt("/admin/audit?from=2026-05-02&to=2026-05-01");
    expect(await screen.findByText("These filters cannot be used")).toBeTruthy();
    expect(screen.getByText("To must be the same day as From or later.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/audit")).toBe(false);
  });

  it("filter choices that fail to load are said to be missing, and Try Again asks again", async () => {
    storeSession(testUser("admin"));
    let fail = true;
    serve({
      "GET /api/audit": () => ({ body: { items: [entry], totalCount: 1, page: 1, pageSize: 50, totalPages: 1 } }),
      "GET /api/audit/filters": () =>
        fail ? { status: 503, body: { code: "service_unavailable", message: "The service is temporarily unavailable." } } : { body: { users: [{ id: 2, name: "Milo Ferris", email: "milo@example.com", count: 4 }], entityTypes: [], actions: [] } },
    });
    renderAt("/admin/audit");
    await screen.findByTestId("audit-entry");
    expect(await screen.findByText("The filter's choices could not be loaded")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("option", { name: "Milo Ferris (milo@example.com) · 4" })).toBeTruthy();
    expect(screen.queryByText("The filter's choices could not be loaded")).toBeNull();
  });

  it("is for administrators only", () => {
    storeSession(testUser("moderator"));
    serve({});
    renderAt("/admin/audit");
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeTruthy();
  });
});
