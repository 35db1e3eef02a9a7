import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import useSWR, { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { conflictFields, ConflictPrompt } from "@/components/ui/conflict-prompt";
import { Component as ArticleEditor } from "@/features/admin-news/routes/article-editor";
import { Component as FactionEdit } from "@/features/game-assets/routes/faction-edit";
import { Providers, storeSession, testUser } from "./helpers/render-app";

const T1 = "2026-01-01T00:00:00.000Z";
const T2 = "2026-01-02T00:00:00.000Z";

const faction = (over: Record<string, unknown> = {}) => ({
  id: 1, name: "Aurelian Concord", alignment: "Order", summary: "Knights of the dawn.", description: "A long description.",
  specialty: "Oaths", logoUrl: "/files/media/logo.webp", backgroundUrl: null, bannerUrl: null, startingResources: "2,500 Gold",
  factionBonuses: null, isActive: true, sortOrder: 1, unitCount: 3, heroCount: 2, spellCount: 1, createdAt: T1, updatedAt: T1, ...over,
});

const article = (over: Record<string, unknown> = {}) => ({
  id: 5, title: "Patch 1.2", summary: "What changed.", content: "Everything.", author: "Mo", imageUrl: null, tags: ["Patch"],
  isPublished: true, publishedAt: T1, createdAt: T1, updatedAt: T1, ...over,
});

type Call = { method: string; path: string; search: string; body: unknown };
type Handler = (call: Call) => { body?: unknown; status?: number } | Promise<{ body?: unknown; status?: number }>;

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
    const { body, status = 200 } = await handler(call);
    return body === undefined ? new Response(null, { status }) : Response.json(body, { status });
  });
  return calls;
}

function renderAt(path: string, cache = new Map()) {
  const router = createMemoryRouter(
    [
      { path: "/admin/factions/:id/edit", Component: FactionEdit },
      { path: "/factions/:id", element: <h1>Faction page</h1> },
      { path: "/factions", element: <h1>Factions list</h1> },
      { path: "/admin/news/edit/:id", Component: ArticleEditor },
      { path: "/news/:id", element: <h1>Article page</h1> },
      { path: "/login", element: <h1>Sign in page</h1> },
      { path: "/viewer", Component: ArticleViewer },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <SWRConfig value={{ provider: () => cache, shouldRetryOnError: false, dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </Providers>,
  );
  return router;
}

/** A public page that read the article a moment ago (with a long dedupe window), linking to the editor. */
function ArticleViewer() {
  const { data } = useSWR("/api/news/5", () => fetch("/api/news/5").then((r) => r.json() as Promise<{ title: string }>), { dedupingInterval: 30_000 });
  return data ? <Link to="/admin/news/edit/5">Edit {data.title}</Link> : null;
}

afterEach(() => {
  vi.restoreAllMocks();
  storeSession(null);
});

const stale = (current: unknown) => ({ status: 409, body: { code: "stale_version", message: "This record was changed by someone else since you loaded it.", current } });

describe("faction edit page", () => {
  it("a signed-in user without the Moderator role sees the access-denied text and nothing is loaded", () => {
    storeSession(testUser("user"));
    const calls = serve({});
    renderAt("/admin/factions/1/edit");
    expect(screen.getByText("Access denied. Admin or Moderator role required.")).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("a malformed id shows 'Faction Not Found' without asking the API for it", () => {
    storeSession(testUser("moderator"));
    const calls = serve({});
    renderAt("/admin/factions/abc/edit");
    expect(screen.getByRole("heading", { name: "Faction Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Factions" }).getAttribute("href")).toBe("/factions");
    expect(calls.filter((c) => c.path.startsWith("/api/faction"))).toHaveLength(0);
  });

  it("an unknown id (404) shows 'Faction Not Found'", async () => {
    storeSession(testUser("moderator"));
    serve({});
    renderAt("/admin/factions/999/edit");
    expect(await screen.findByRole("heading", { name: "Faction Not Found" })).toBeTruthy();
  });

  it("shows every field loaded fresh (inactive factions too), never the cached public copy", async () => {
    storeSession(testUser("moderator"));
    const calls = serve({ "GET /api/faction/1": () => ({ body: faction({ name: "Fresh Name" }) }) });
    // The public pages left an older copy in the cache under the same key.
    const cache = new Map([["/api/faction/1?activeOnly=false", { data: faction({ name: "Cached Name" }) }]]);
    renderAt("/admin/factions/1/edit", cache);
    expect(screen.queryByDisplayValue("Cached Name")).toBeNull();
    expect(((await screen.findByLabelText("Name")) as HTMLInputElement).value).toBe("Fresh Name");
    expect(calls.find((c) => c.path.startsWith("/api/faction"))).toMatchObject({ method: "GET", path: "/api/faction/1", search: "?activeOnly=false" });
    expect((screen.getByLabelText("Alignment") as unknown as { value: string }).value).toBe("Order");
    for (const label of ["Summary", "Description", "Specialty", "Logo", "Background image", "Banner image", "Starting resources", "Faction bonuses", "Sort order", "Active (shown to visitors)"]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((screen.getByLabelText("Logo") as HTMLInputElement).value).toBe("/files/media/logo.webp");
    expect(screen.getByRole("button", { name: "History" })).toBeTruthy();
  });

  it("blank name and description show the spec's texts and send nothing; a bad image path is refused", async () => {
    storeSession(testUser("moderator"));
    const calls = serve({ "GET /api/faction/1": () => ({ body: faction() }) });
    renderAt("/admin/factions/1/edit");
    const name = await screen.findByLabelText("Name");
    fireEvent.change(name, { target: { value: "  " } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Banner image"), { target: { value: "javascript:alert(1)" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Description is required")).toBeTruthy();
    expect(screen.getByText("Banner URL must be an http(s) URL or a path under /files/.")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("Save sends the version it was loaded with and goes back to the faction page; Cancel goes back without saving", async () => {
    storeSession(testUser("moderator"));
    const calls = serve({
      "GET /api/faction/1": () => ({ body: faction() }),
      "PUT /api/faction/1": ({ body }) => ({ body: faction({ ...(body as Record<string, unknown>), updatedAt: T2 }) }),
    });
    const router = renderAt("/admin/factions/1/edit");
    const user = userEvent.setup();
    const specialty = await screen.findByLabelText("Specialty");
    await user.clear(specialty);
    await user.type(specialty, "Vows");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("heading", { name: "Faction page" });
    expect(router.state.location.pathname).toBe("/factions/1");
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.body).toMatchObject({ specialty: "Vows", updatedAt: T1, name: "Aurelian Concord", alignment: "Order", backgroundUrl: null });

    vi.restoreAllMocks();
    const more = serve({ "GET /api/faction/1": () => ({ body: faction() }) });
    await act(() => router.navigate("/admin/factions/1/edit"));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/factions/1");
    expect(more.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("a 409 shows 'Changed elsewhere' with their values and locks the form; Take theirs loads them and the next Save is based on their version", async () => {
    storeSession(testUser("moderator"));
    const theirs = faction({ specialty: "Their specialty", updatedAt: T2 });
    let puts = 0;
    const calls = serve({
      "GET /api/faction/1": () => ({ body: faction() }),
      "PUT /api/faction/1": ({ body }) => (++puts === 1 ? stale(theirs) : { body: faction({ ...(body as Record<string, unknown>), updatedAt: "2026-01-03T00:00:00.000Z" }) }),
    });
    const router = renderAt("/admin/factions/1/edit");
    const user = userEvent.setup();
    const specialty = await screen.findByLabelText("Specialty");
    await user.clear(specialty);
    await user.type(specialty, "My specialty");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    const row = within(prompt).getByRole("row", { name: /Specialty/ });
    expect(row.textContent).toContain("Their specialty");
    expect(row.textContent).toContain("My specialty");
    // The form is locked until a choice is made.
    expect(screen.getByLabelText("Specialty").closest("fieldset")!.disabled).toBe(true);

    await user.click(within(prompt).getByRole("button", { name: "Take theirs" }));
    expect(screen.queryByRole("alert", { name: "Changed elsewhere" })).toBeNull();
    expect((screen.getByLabelText("Specialty") as HTMLInputElement).value).toBe("Their specialty");

    // Saving now is based on their version.
    await user.type(screen.getByLabelText("Specialty"), "!");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("heading", { name: "Faction page" });
    expect(calls.filter((c) => c.method === "PUT").map((c) => (c.body as { updatedAt: string }).updatedAt)).toEqual([T1, T2]);
    expect(router.state.location.pathname).toBe("/factions/1");
  });

  it("Keep mine saves my values again with their version", async () => {
    storeSession(testUser("moderator"));
    let puts = 0;
    const calls = serve({
      "GET /api/faction/1": () => ({ body: faction() }),
      "PUT /api/faction/1": ({ body }) => (++puts === 1 ? stale(faction({ name: "Their Name", updatedAt: T2 })) : { body: faction(body as Record<string, unknown>) }),
    });
    renderAt("/admin/factions/1/edit");
    const user = userEvent.setup();
    const name = await screen.findByLabelText("Name");
    await user.clear(name);
    await user.type(name, "My Name");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await user.click(await screen.findByRole("button", { name: "Keep mine" }));
    await screen.findByRole("heading", { name: "Faction page" });
    const bodies = calls.filter((c) => c.method === "PUT").map((c) => c.body as { name: string; updatedAt: string });
    expect(bodies.map((b) => [b.name, b.updatedAt])).toEqual([["My Name", T1], ["My Name", T2]]);
  });

  it("a restore refused as stale (409) opens the same conflict; Keep mine saves the form's values on their version", async () => {
    storeSession(testUser("moderator"));
    const entry = { id: 77, entityType: "faction", entityId: 1, action: "update", changes: [{ field: "name", old: "Old Name", new: "Aurelian Concord" }], restoredFrom: null, user: null, createdAt: T1, restorable: true };
    const calls = serve({
      "GET /api/faction/1": () => ({ body: faction() }),
      "GET /api/history": () => ({ body: { items: [entry], totalCount: 1, page: 1, pageSize: 50, totalPages: 1 } }),
      "POST /api/history/77/restore": () => stale(faction({ specialty: "Their specialty", updatedAt: T2 })),
      "PUT /api/faction/1": ({ body }) => ({ body: faction(body as Record<string, unknown>) }),
    });
    renderAt("/admin/factions/1/edit");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name"), " II");
    await user.click(screen.getByRole("button", { name: "History" }));
    await user.click(await screen.findByRole("button", { name: "Restore change #77" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    expect(within(prompt).getByRole("row", { name: /Specialty/ }).textContent).toContain("Their specialty");
    expect(screen.getByLabelText("Name").closest("fieldset")!.disabled).toBe(true);
    await user.click(within(prompt).getByRole("button", { name: "Keep mine" }));
    await screen.findByRole("heading", { name: "Faction page" });
    const restores = calls.filter((c) => c.method === "POST").map((c) => (c.body as { updatedAt: string }).updatedAt);
    const puts = calls.filter((c) => c.method === "PUT").map((c) => c.body as { name: string; updatedAt: string });
    expect(restores).toEqual([T1]);
    expect(puts.map((b) => [b.name, b.updatedAt])).toEqual([["Aurelian Concord II", T2]]);
  });
});

describe("news editor", () => {
  it("opens with freshly loaded data, never the cached copy, and sends that version", async () => {
    storeSession(testUser("moderator"));
    const calls = serve({
      "GET /api/news/5": () => ({ body: article({ title: "Fresh title", updatedAt: T2 }) }),
      "PUT /api/news/5": ({ body }) => ({ body: article(body as Record<string, unknown>) }),
    });
    const cache = new Map([["/api/news/5", { data: article({ title: "Cached title" }) }]]);
    renderAt("/admin/news/edit/5", cache);
    expect(screen.queryByDisplayValue("Cached title")).toBeNull();
    const title = (await screen.findByLabelText("Title")) as HTMLInputElement;
    expect(title.value).toBe("Fresh title");
    await userEvent.setup().click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByRole("heading", { name: "Article page" });
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ title: "Fresh title", updatedAt: T2 });
  });

  it("opened right after a page read the same article, it still loads its own copy (no joining that page's request)", async () => {
    storeSession(testUser("moderator"));
    let gets = 0;
    serve({ "GET /api/news/5": () => ({ body: article(++gets === 1 ? { title: "Seen on the page" } : { title: "Saved meanwhile", updatedAt: T2 }) }) });
    renderAt("/viewer");
    await userEvent.setup().click(await screen.findByRole("link", { name: "Edit Seen on the page" }));
    expect(((await screen.findByLabelText("Title")) as HTMLInputElement).value).toBe("Saved meanwhile");
    expect(gets).toBe(2);
  });

  it("a 409 shows their values; Take theirs loads them into the form; Keep mine re-saves with the new version", async () => {
    storeSession(testUser("moderator"));
    const theirs = article({ title: "Their title", updatedAt: T2 });
    let puts = 0;
    const calls = serve({
      "GET /api/news/5": () => ({ body: article() }),
      "PUT /api/news/5": ({ body }) => (++puts <= 2 ? stale(puts === 1 ? theirs : article({ title: "Third title", updatedAt: "2026-01-03T00:00:00.000Z" })) : { body: article(body as Record<string, unknown>) }),
    });
    renderAt("/admin/news/edit/5");
    const user = userEvent.setup();
    const title = await screen.findByLabelText("Title");
    await user.clear(title);
    await user.type(title, "My title");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    expect(within(prompt).getByRole("row", { name: /Title/ }).textContent).toContain("Their title");
    await user.click(within(prompt).getByRole("button", { name: "Take theirs" }));
    await waitFor(() => expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Their title"));

    // Edit again; someone else saved once more: Keep mine re-saves on their newest version.
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "Mine again");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await user.click(await screen.findByRole("button", { name: "Keep mine" }));
    await screen.findByRole("heading", { name: "Article page" });
    const bodies = calls.filter((c) => c.method === "PUT").map((c) => c.body as { title: string; updatedAt: string });
    expect(bodies.map((b) => [b.title, b.updatedAt])).toEqual([
      ["My title", T1],
      ["Mine again", T2],
      ["Mine again", "2026-01-03T00:00:00.000Z"],
    ]);
  });
});

describe("conflict prompt", () => {
  it("lists only the fields that differ, as text (empty as a dash, flags as Yes/No)", () => {
    const fields = conflictFields(
      [{ key: "a", label: "A" }, { key: "b", label: "B" }, { key: "c", label: "C" }, { key: "d", label: "D" }],
      { a: "same", b: "", c: true, d: 3 },
      { a: "same", b: "x", c: false, d: "3" },
    );
    expect(fields).toEqual([
      { label: "B", mine: "—", theirs: "x" },
      { label: "C", mine: "Yes", theirs: "No" },
    ]);
  });

  it("is announced, takes focus and offers both choices", async () => {
    const theirs = vi.fn();
    const mine = vi.fn();
    render(<ConflictPrompt subject="this faction" fields={[{ label: "Name", theirs: "T", mine: "M" }]} onTakeTheirs={theirs} onKeepMine={mine} />);
    const prompt = screen.getByRole("alert", { name: "Changed elsewhere" });
    expect(document.activeElement).toBe(prompt);
    fireEvent.click(within(prompt).getByRole("button", { name: "Take theirs" }));
    fireEvent.click(within(prompt).getByRole("button", { name: "Keep mine" }));
    expect(theirs).toHaveBeenCalledOnce();
    expect(mine).toHaveBeenCalledOnce();
  });
});
