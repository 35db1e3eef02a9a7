import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MediaCategory, MediaItem } from "@schemas/media";
import { CategoriesEditor } from "@/features/admin-media/components/categories-editor";
import { Component as AdminMediaPage } from "@/features/admin-media/routes/admin-media-list";
import { Component as MediaEditPage } from "@/features/admin-media/routes/media-edit";
import { Providers, storeSession, testUser } from "./helpers/render-app";

const category = (id: number, patch: Partial<MediaCategory> = {}): MediaCategory => ({
  id,
  name: `Cat ${id}`,
  description: "",
  slug: `cat-${id}`,
  color: "#10B981",
  iconUrl: null,
  sortOrder: id * 10,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...patch,
});

const media = (id: number, patch: Partial<MediaItem> = {}): MediaItem => ({
  id, title: `Item ${id}`, description: "d", mediaType: "image", altText: "", caption: "", tags: "a,b", categoryId: 1,
  category: { name: "Cat 1", color: "#10B981" }, factionId: null, faction: null, isApproved: false, isFeatured: false,
  status: "pending", rejectionReason: null, uploadedBy: { id: 3, name: "Milo Ferris" },
  originalUrl: "/files/media/x/original.jpg", largeUrl: null, largeWebpUrl: null, thumbnailUrl: null, thumbnailWebpUrl: null,
  posterUrl: null, width: 100, height: 50, fileSize: 10, viewCount: 1500, sortOrder: 0, thumbnailStatus: "failed",
  thumbnailError: "original is missing", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z", ...patch,
});

/** A later version than the fixtures' (someone else saved). */
const T2 = "2026-02-02T00:00:00.000Z";

type Call = { method: string; url: string; body: unknown };
const calls: Call[] = [];

/** A fake API: `routes` maps "METHOD /path" (no query) to a JSON answer or a status + body. */
function serve(routes: Record<string, unknown | { status: number; body: unknown }>) {
  calls.length = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), "http://x"), init);
    const url = new URL(request.url, "http://x");
    const text = request.method === "GET" ? "" : await request.text();
    calls.push({ method: request.method, url: url.pathname + url.search, body: text ? JSON.parse(text) : null });
    const key = `${request.method} ${url.pathname}`;
    const answer = routes[key] ?? (key.startsWith("GET /api/auth") ? { user: testUser("admin") } : { status: 404, body: { code: "not_found", message: "Nope." } });
    if (answer && typeof answer === "object" && "status" in answer && "body" in answer) {
      const a = answer as { status: number; body: unknown };
      return a.status === 204 ? new Response(null, { status: 204 }) : Response.json(a.body, { status: a.status });
    }
    return Response.json(answer);
  });
}

function renderWith(element: React.ReactNode, path = "/", routePath = "/") {
  storeSession(testUser("admin"));
  const router = createMemoryRouter([{ path: routePath, element }, { path: "*", element: <p>elsewhere</p> }], { initialEntries: [path] });
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </SWRConfig>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("categories editor", () => {
  it("adds a new row at the top with the spec's defaults and marks unsaved changes; Revert removes it", () => {
    serve({});
    renderWith(<CategoriesEditor loaded={[category(1), category(2)]} onSaved={async () => {}} />);
    expect(screen.queryByText("Unsaved changes")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "+ Add Category" }));
    const rows = screen.getAllByTestId("category-row");
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect((first.getByLabelText("name of new category") as HTMLInputElement).value).toBe("New Category");
    expect((first.getByLabelText("slug of new category") as HTMLInputElement).value).toBe("new-category");
    expect((first.getByLabelText("color of new category") as HTMLInputElement).value).toBe("#3B82F6");
    expect((first.getByLabelText("sortOrder of new category") as HTMLInputElement).value).toBe("21");
    expect((first.getByLabelText("description of new category") as HTMLInputElement).value).toBe("");
    expect((first.getByLabelText("isActive of new category") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Revert" }));
    expect(screen.getAllByTestId("category-row")).toHaveLength(2);
    expect(screen.queryByText("Unsaved changes")).toBeNull();
  });

  it("Save creates new rows (without id and timestamps), then updates only changed rows, then reloads", async () => {
    serve({ "POST /api/media/categories": category(9, { name: "Fresh" }), "PUT /api/media/categories/2": category(2, { name: "Renamed" }) });
    const onSaved = vi.fn(async () => {});
    renderWith(<CategoriesEditor loaded={[category(1), category(2)]} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole("button", { name: "+ Add Category" }));
    fireEvent.change(screen.getByLabelText("name of new category"), { target: { value: "Fresh" } });
    fireEvent.change(screen.getByLabelText("name of category 2"), { target: { value: "Renamed" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const writes = calls.filter((c) => c.method !== "GET");
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual(["POST /api/media/categories", "PUT /api/media/categories/2"]);
    expect(writes[0]!.body).toEqual({ name: "Fresh", description: "", slug: "new-category", color: "#3B82F6", iconUrl: "", sortOrder: 21, isActive: true });
    expect(Object.keys(writes[1]!.body as object)).not.toContain("id");
  });

  it("Save sends the version each row was loaded with; a 409 shows their values, and Take theirs puts them in the row", async () => {
    const theirs = category(2, { name: "Their name", updatedAt: T2 });
    serve({ "PUT /api/media/categories/2": { status: 409, body: { code: "stale_version", message: "Changed.", current: theirs } } });
    const onSaved = vi.fn(async () => {});
    renderWith(<CategoriesEditor loaded={[category(1), category(2)]} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText("name of category 2"), { target: { value: "My name" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ name: "My name", updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(within(prompt).getByRole("row", { name: /name/ }).textContent).toContain("Their name");
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.click(within(prompt).getByRole("button", { name: "Take theirs" }));
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Changed elsewhere" })).toBeNull());
    expect((screen.getByLabelText("name of category 2") as HTMLInputElement).value).toBe("Their name");
    expect(screen.queryByText("Unsaved changes")).toBeNull();
  });

  it("Keep mine saves the row again based on their version", async () => {
    const theirs = category(2, { name: "Their name", updatedAt: T2 });
    serve({ "PUT /api/media/categories/2": { status: 409, body: { code: "stale_version", message: "Changed.", current: theirs } } });
    renderWith(<CategoriesEditor loaded={[category(2)]} onSaved={async () => {}} />);
    fireEvent.change(screen.getByLabelText("name of category 2"), { target: { value: "My name" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    serve({ "PUT /api/media/categories/2": category(2, { name: "My name", updatedAt: "2026-03-03T00:00:00.000Z" }) });
    fireEvent.click(within(prompt).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ name: "My name", updatedAt: T2 });
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Changed elsewhere" })).toBeNull());
  });

  it("blocks Save when a row breaks a limit and marks the cell", async () => {
    serve({});
    renderWith(<CategoriesEditor loaded={[category(1)]} onSaved={async () => {}} />);
    fireEvent.change(screen.getByLabelText("color of category 1"), { target: { value: "blue" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByLabelText("color of category 1").getAttribute("aria-invalid")).toBe("true"));
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("asks before deleting with the spec's text and deletes through the API", async () => {
    serve({ "DELETE /api/media/categories/1": { status: 204, body: null } });
    renderWith(<CategoriesEditor loaded={[category(1)]} onSaved={async () => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete Cat 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete category" });
    expect(dialog.textContent).toContain("Are you sure you want to delete this category? This action cannot be undone.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    await waitFor(() => expect(screen.queryAllByTestId("category-row")).toHaveLength(0));
  });
});

describe("admin media list", () => {
  const list = (items: MediaItem[]) => ({ items, totalCount: items.length, page: 1, pageSize: 50, totalPages: 1 });
  const counts = (pending: number) => ({ pending, approved: 3, rejected: 1 });
  const approved = (id: number) => media(id, { isApproved: true, status: "approved" });

  it("opens on Pending while items wait: 50 a page, state, uploader, thumbnail failure; Approve sends the item with its version", async () => {
    serve({
      "GET /api/media/status-counts": counts(2),
      "GET /api/media": list([media(4)]),
      "GET /api/media/categories": [category(1)],
      "POST /api/media/review": { decision: "approve", done: [4], failed: [] },
    });
    renderWith(<AdminMediaPage />, "/admin/media", "/admin/media");
    const row = await screen.findByTestId("admin-media-row");
    expect(calls.find((c) => c.url.startsWith("/api/media?"))!.url).toBe("/api/media?status=pending&pageSize=50");
    expect(screen.getByRole("button", { name: "Pending (2)" }).getAttribute("aria-pressed")).toBe("true");
    expect(row.textContent).toContain("Pending");
    expect(row.textContent).toContain("Uploaded by Milo Ferris");
    expect(row.textContent).toContain("Thumbnails failed");
    expect(row.textContent).toContain("original is missing");
    expect(row.textContent).toContain("1,500");
    fireEvent.click(within(row).getByRole("button", { name: 'Approve "Item 4"' }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      url: "/api/media/review",
      body: { decision: "approve", items: [{ id: 4, updatedAt: "2026-01-01T00:00:00.000Z" }] },
    });
    expect(await screen.findByText("Approved “Item 4”.")).toBeTruthy();
  });

  it("approves a selection and reports, in the page, the item someone changed meanwhile", async () => {
    serve({
      "GET /api/media/status-counts": counts(3),
      "GET /api/media": list([media(4), media(5), media(6)]),
      "GET /api/media/categories": [category(1)],
      "POST /api/media/review": {
        decision: "approve",
        done: [4, 6],
        failed: [{ id: 5, code: "stale_version", message: "This item was changed by someone else since you loaded it." }],
      },
    });
    renderWith(<AdminMediaPage />, "/admin/media", "/admin/media");
    await screen.findAllByTestId("admin-media-row");
    const approveSelected = screen.getByRole("button", { name: "Approve selected" }) as HTMLButtonElement;
    expect(approveSelected.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Select all on this page"));
    expect(screen.getByText("3 selected")).toBeTruthy();
    fireEvent.click(approveSelected);
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect((calls.find((c) => c.method === "POST")!.body as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([4, 5, 6]);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("One item was not approved");
    expect(alert.textContent).toContain("“Item 5”: This item was changed by someone else since you loaded it.");
    expect(await screen.findByText("Approved 2 items.")).toBeTruthy();
    // The one that failed stays selected.
    expect(screen.getByText("1 selected")).toBeTruthy();
  });

  it("rejecting asks for a reason (required) and sends it", async () => {
    serve({
      "GET /api/media/status-counts": counts(1),
      "GET /api/media": list([media(4)]),
      "GET /api/media/categories": [category(1)],
      "POST /api/media/review": { decision: "reject", done: [4], failed: [] },
    });
    renderWith(<AdminMediaPage />, "/admin/media", "/admin/media");
    const row = await screen.findByTestId("admin-media-row");
    fireEvent.click(within(row).getByRole("button", { name: 'Reject "Item 4"' }));
    const dialog = await screen.findByRole("dialog", { name: "Reject “Item 4”" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Say why the item is rejected: its uploader reads it.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Not from the game." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ decision: "reject", items: [{ id: 4, updatedAt: "2026-01-01T00:00:00.000Z" }], reason: "Not from the game." });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reject “Item 4”" })).toBeNull());
  });

  it("shows a rejected item's reason; Approved items can be featured, with the spec's failure text", async () => {
    serve({
      "GET /api/media/status-counts": counts(0),
      "GET /api/media": list([media(7, { status: "rejected", rejectionReason: "Blurry." }), approved(8)]),
      "GET /api/media/categories": [category(1)],
      "PUT /api/media/8": { status: 500, body: { code: "internal_error", message: "x" } },
    });
    renderWith(<AdminMediaPage />, "/admin/media", "/admin/media");
    const rows = await screen.findAllByTestId("admin-media-row");
    // Nothing waits: the page shows every item.
    expect(calls.find((c) => c.url.startsWith("/api/media?"))!.url).toBe("/api/media?pageSize=50");
    expect(rows[0]!.textContent).toContain("Rejected");
    expect(rows[0]!.textContent).toContain("Reason: Blurry.");
    fireEvent.click(within(rows[1]!).getByRole("button", { name: 'Feature "Item 8"' }));
    expect(await screen.findByText("Failed to update featured status. Please try again.")).toBeTruthy();
  });

  it("shows each view's empty text, and the list's failure", async () => {
    serve({ "GET /api/media/status-counts": counts(0), "GET /api/media": list([]), "GET /api/media/categories": [] });
    renderWith(<AdminMediaPage />, "/admin/media", "/admin/media");
    expect(await screen.findByText("No media items found")).toBeTruthy();
    expect(screen.getByText("Upload your first media item to get started.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pending (0)" }));
    expect(await screen.findByText("Nothing waits for approval")).toBeTruthy();

    serve({ "GET /api/media/status-counts": counts(0), "GET /api/media": { status: 503, body: { code: "service_unavailable", message: "Down." } }, "GET /api/media/categories": [] });
    fireEvent.click(screen.getByRole("button", { name: "Rejected (1)" }));
    expect(await screen.findByText("Failed to load media items")).toBeTruthy();
  });
});

describe("media edit", () => {
  it("shows 'Media Item Not Found' with 'Invalid media ID' for a non-numeric id", async () => {
    serve({});
    renderWith(<MediaEditPage />, "/admin/media/0/edit", "/admin/media/:id/edit");
    expect(await screen.findByRole("heading", { name: "Media Item Not Found" })).toBeTruthy();
    expect(screen.getByText("Invalid media ID")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Media Management" }).getAttribute("href")).toBe("/admin/media");
  });

  it("shows the server's message when the item does not exist", async () => {
    serve({ "GET /api/media/categories": [] });
    renderWith(<MediaEditPage />, "/admin/media/77/edit", "/admin/media/:id/edit");
    expect(await screen.findByRole("heading", { name: "Media Item Not Found" })).toBeTruthy();
    expect(screen.getByText("Nope.")).toBeTruthy();
  });

  it("shows the categories' failure with Try again instead of loading forever, and recovers", async () => {
    serve({ "GET /api/media/7": media(7), "GET /api/media/categories": { status: 503, body: { code: "service_unavailable", message: "The database is unavailable." } }, "GET /api/faction": { items: [] } });
    renderWith(<MediaEditPage />, "/admin/media/7/edit", "/admin/media/:id/edit");
    expect(await screen.findByRole("heading", { name: "Error Loading Categories" })).toBeTruthy();
    expect(screen.getByText("The database is unavailable.")).toBeTruthy();
    serve({ "GET /api/media/7": media(7), "GET /api/media/categories": [category(1)], "GET /api/faction": { items: [] } });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Edit Media" })).toBeTruthy();
  });

  it("saves with the version it loaded; a 409 shows their values, and Keep mine saves again based on theirs", async () => {
    const theirs = media(7, { title: "Their title", updatedAt: T2 });
    serve({
      "GET /api/media/7": media(7),
      "GET /api/media/categories": [category(1)],
      "GET /api/faction": { items: [] },
      "PUT /api/media/7": { status: 409, body: { code: "stale_version", message: "Changed.", current: theirs } },
    });
    renderWith(<MediaEditPage />, "/admin/media/7/edit", "/admin/media/:id/edit");
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: "My title" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ title: "My title", updatedAt: "2026-01-01T00:00:00.000Z" });
    expect(within(prompt).getByRole("row", { name: /Title/ }).textContent).toContain("Their title");
    // The form keeps my values, locked while the prompt asks.
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("My title");
    serve({ "GET /api/media/7": media(7), "GET /api/media/categories": [category(1)], "GET /api/faction": { items: [] }, "PUT /api/media/7": media(7, { title: "My title" }) });
    fireEvent.click(within(prompt).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(screen.getByText("elsewhere")).toBeTruthy());
    expect(calls.find((c) => c.method === "PUT")!.body).toMatchObject({ title: "My title", updatedAt: T2 });
  });

  it("Take theirs reloads the form with their values", async () => {
    const theirs = media(7, { title: "Their title", updatedAt: T2 });
    serve({
      "GET /api/media/7": media(7),
      "GET /api/media/categories": [category(1)],
      "GET /api/faction": { items: [] },
      "PUT /api/media/7": { status: 409, body: { code: "stale_version", message: "Changed.", current: theirs } },
    });
    renderWith(<MediaEditPage />, "/admin/media/7/edit", "/admin/media/:id/edit");
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: "My title" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    fireEvent.click(within(await screen.findByRole("alert", { name: "Changed elsewhere" })).getByRole("button", { name: "Take theirs" }));
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Their title"));
  });

  it("validates with the server's schema before sending", async () => {
    serve({ "GET /api/media/7": media(7), "GET /api/media/categories": [category(1)], "GET /api/faction": { items: [] } });
    renderWith(<MediaEditPage />, "/admin/media/7/edit", "/admin/media/:id/edit");
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: "  " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Title is required.")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });
});
