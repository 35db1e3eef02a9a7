import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "@schemas/settings";
import { Component as DashboardPage } from "@/features/admin-dashboard/routes/dashboard";
import { SettingsForm } from "@/features/admin-settings/components/settings-form";
import { Component as SettingsPage } from "@/features/admin-settings/routes/admin-settings";
import { Providers, renderRoutes, storeSession, testUser } from "./helpers/render-app";

afterEach(() => vi.restoreAllMocks());

const STATS = {
  users: { total: 12, active: 10, admins: 1, moderators: 2 },
  news: { total: 9, published: 7, drafts: 2 },
  media: { pending: 3 },
  recentActivity: {
    users: [{ id: 3, firstName: "Mira", lastName: "Vale", email: "mira@example.com", createdAt: "2026-03-05T12:00:00.000Z" }],
    news: [{ id: 5, title: "Patch day", author: "Mira", isPublished: false, createdAt: "2026-03-05T12:00:00.000Z" }],
  },
};

function renderDashboard(role: "moderator" | "admin", stats: () => Promise<Response>) {
  const user = testUser(role);
  storeSession(user);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    if (req.url.includes("/api/auth/me")) return Response.json({ user });
    return stats();
  });
  const router = createMemoryRouter([{ path: "/admin/dashboard", Component: DashboardPage }], { initialEntries: ["/admin/dashboard"] });
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </SWRConfig>,
  );
}

describe("admin dashboard", () => {
  it("shows 6 placeholder cards and 4 placeholder rows while loading", async () => {
    let release: (res: Response) => void = () => {};
    renderDashboard("admin", () => new Promise((resolve) => (release = resolve)));
    expect(await screen.findAllByTestId("stat-placeholder")).toHaveLength(6);
    expect(screen.getAllByTestId("row-placeholder")).toHaveLength(4);
    release(Response.json(STATS));
    expect(await screen.findByTestId("stat-Total Users")).toBeTruthy();
  });

  it("shows an admin the counts, the admin-only links and the recent e-mails", async () => {
    renderDashboard("admin", async () => Response.json(STATS));
    expect((await screen.findByTestId("stat-Total Users")).textContent).toBe("12");
    expect(screen.getByTestId("stat-Published Articles").textContent).toBe("7");
    expect(screen.getByTestId("stat-Draft Articles").textContent).toBe("2");
    for (const [name, href] of [
      ["Admin Menu", "/admin/menu"],
      ["Create Article", "/admin/news/create"],
      ["Manage Users", "/admin/users"],
      ["Manage News", "/admin/news"],
    ]) {
      expect(screen.getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
    expect(screen.getByText("mira@example.com")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Patch day" }).getAttribute("href")).toBe("/admin/news/edit/5");
  });

  it("shows how many media items wait, linking to the moderation queue", async () => {
    renderDashboard("moderator", async () => Response.json(STATS));
    const waiting = await screen.findByRole("link", { name: "3 media waiting" });
    expect(waiting.getAttribute("href")).toBe("/admin/media?status=pending");
  });

  it("shows a moderator no admin-only links and no e-mail addresses", async () => {
    renderDashboard("moderator", async () =>
      Response.json({ ...STATS, recentActivity: { ...STATS.recentActivity, users: [{ ...STATS.recentActivity.users[0], email: null }] } }),
    );
    expect(await screen.findByTestId("stat-Total Users")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Admin Menu" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Manage Users" })).toBeNull();
    expect(screen.queryByText("mira@example.com")).toBeNull();
    expect(screen.getByRole("link", { name: "Create Article" })).toBeTruthy();
  });

  it("shows 'Failed to load dashboard data' when the stats fail", async () => {
    renderDashboard("admin", async () => Response.json({ code: "forbidden", message: "no" }, { status: 403 }));
    expect(await screen.findByText("Failed to load dashboard data")).toBeTruthy();
    expect(screen.getByText(/permissions/)).toBeTruthy();
  });
});

describe("site settings form", () => {
  const initial: SiteSettings = { ...DEFAULT_SITE_SETTINGS, siteDescription: "A wiki." };

  it("shows Save and Reset only after a change, and Reset brings the saved values back", () => {
    render(<SettingsForm initial={initial} onSave={vi.fn()} />);
    expect(screen.queryByRole("button", { name: "Save Settings" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset" })).toBeNull();
    const name = screen.getByLabelText("Site Name") as HTMLInputElement;
    fireEvent.change(name, { target: { value: "Aldermere" } });
    expect(screen.getByRole("button", { name: "Save Settings" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(name.value).toBe("Realm Codex");
    expect(screen.queryByRole("button", { name: "Save Settings" })).toBeNull();
  });

  it("disables the approval notice while comments are off", () => {
    render(<SettingsForm initial={initial} onSave={vi.fn()} />);
    const moderate = screen.getByLabelText("Tell commenters that comments wait for approval") as HTMLInputElement;
    expect(moderate.disabled).toBe(false);
    fireEvent.click(screen.getByLabelText("Enable Comments"));
    expect(moderate.disabled).toBe(true);
  });

  it("shows the maintenance message only while maintenance mode is on", () => {
    render(<SettingsForm initial={initial} onSave={vi.fn()} />);
    expect(screen.queryByLabelText("Maintenance Message")).toBeNull();
    fireEvent.click(screen.getByLabelText("Maintenance Mode"));
    expect(screen.getByLabelText("Maintenance Message")).toBeTruthy();
  });

  it("refuses an upload size outside 1–100 MB without calling the server, and moves the focus to it", () => {
    const onSave = vi.fn();
    render(<SettingsForm initial={initial} onSave={onSave} />);
    const size = screen.getByLabelText("Max File Upload Size (MB)");
    for (const value of ["0", "101", "2.5"]) {
      fireEvent.change(size, { target: { value } });
      fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
      expect(screen.getByText("Max upload size must be a whole number from 1 to 100 (MB).")).toBeTruthy();
    }
    expect(onSave).not.toHaveBeenCalled();
    expect(size.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(size);
  });

  it("sends every setting, typed, and hides Save again once saved", async () => {
    const onSave = vi.fn(async () => {});
    render(<SettingsForm initial={initial} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText("Max File Upload Size (MB)"), { target: { value: "25" } });
    fireEvent.click(screen.getByLabelText("Maintenance Mode"));
    fireEvent.change(screen.getByLabelText("Maintenance Message"), { target: { value: " Back soon " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({ ...initial, maxFileUploadSize: 25, maintenanceMode: true, maintenanceMessage: "Back soon" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save Settings" })).toBeNull());
  });

  it("sends the allowed image hosts typed one a line as a list, and refuses one that is not a hostname without calling the server", async () => {
    const onSave = vi.fn(async () => {});
    render(<SettingsForm initial={initial} onSave={onSave} />);
    const hosts = screen.getByLabelText("Allowed Image Hosts");
    fireEvent.change(hosts, { target: { value: "https://images.example.org/art" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(screen.getByText(/“https:\/\/images\.example\.org\/art” is not a hostname/)).toBeTruthy();
    expect(hosts.getAttribute("aria-invalid")).toBe("true");
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(hosts, { target: { value: " Images.Example.org \n\ncdn.example.net\n" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({ ...initial, imageHosts: ["images.example.org", "cdn.example.net"] });
  });

  it("shows the server's field errors and message when saving fails", async () => {
    const { ApiRequestError } = await import("@/lib/api-client");
    const onSave = vi.fn(async () => {
      throw new ApiRequestError(400, "Validation failed.", { siteName: ["Site name is required."] }, "validation_failed");
    });
    render(<SettingsForm initial={initial} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText("Site Name"), { target: { value: "X" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Validation failed.")).toBeTruthy();
    expect(screen.getByText("Site name is required.")).toBeTruthy();
  });
});

describe("site settings page", () => {
  const T1 = "2026-01-01T00:00:00.000Z";
  const T2 = "2026-02-02T00:00:00.000Z";

  /** Renders /admin/settings against a fake API: GET answers `loaded`, each PUT the next of `puts`. */
  function renderSettingsPage(loaded: object, puts: { status: number; body: unknown }[]) {
    const user = testUser("admin");
    storeSession(user);
    const sent: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const req = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
      if (req.url.includes("/api/auth/me")) return Response.json({ user });
      if (req.method === "PUT") {
        sent.push(await req.json());
        const answer = puts.shift()!;
        return Response.json(answer.body, { status: answer.status });
      }
      return Response.json(loaded);
    });
    renderRoutes([{ path: "/admin/settings", Component: SettingsPage }], "/admin/settings");
    return sent;
  }

  it("saves with the version it loaded; a 409 shows their values, and Keep mine saves again based on theirs", async () => {
    const theirs = { ...DEFAULT_SITE_SETTINGS, siteName: "Their name", updatedAt: T2 };
    const sent = renderSettingsPage({ ...DEFAULT_SITE_SETTINGS, updatedAt: T1 }, [
      { status: 409, body: { code: "stale_version", message: "Changed.", current: theirs } },
      { status: 200, body: { ...theirs, siteName: "My name", updatedAt: "2026-03-03T00:00:00.000Z" } },
    ]);
    fireEvent.change(await screen.findByLabelText("Site Name"), { target: { value: "My name" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    const prompt = await screen.findByRole("alert", { name: "Changed elsewhere" });
    expect(sent[0]).toMatchObject({ siteName: "My name", updatedAt: T1 });
    expect(within(prompt).getByRole("row", { name: /Site name/ }).textContent).toContain("Their name");
    fireEvent.click(within(prompt).getByRole("button", { name: "Keep mine" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ siteName: "My name", updatedAt: T2 });
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Changed elsewhere" })).toBeNull());
  });

  it("Take theirs reloads the form with their settings", async () => {
    const theirs = { ...DEFAULT_SITE_SETTINGS, siteName: "Their name", updatedAt: T2 };
    renderSettingsPage({ ...DEFAULT_SITE_SETTINGS, updatedAt: T1 }, [{ status: 409, body: { code: "stale_version", message: "Changed.", current: theirs } }]);
    fireEvent.change(await screen.findByLabelText("Site Name"), { target: { value: "My name" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    fireEvent.click(within(await screen.findByRole("alert", { name: "Changed elsewhere" })).getByRole("button", { name: "Take theirs" }));
    await waitFor(() => expect((screen.getByLabelText("Site Name") as HTMLInputElement).value).toBe("Their name"));
  });
});

describe("thumbnail sync on the dashboard", () => {
  it("shows the server's message and clears it after 5000 ms when a sync was triggered", async () => {
    const { ThumbnailSync, SYNC_MESSAGE_MS } = await import("@/features/admin-dashboard/components/thumbnail-sync");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ message: "Re-queued 3 jobs.", triggered: true, queued: 3 }, { status: 202 }));
    const timers = vi.spyOn(globalThis, "setTimeout");
    render(<ThumbnailSync />);
    fireEvent.click(screen.getByRole("button", { name: "Sync Thumbnails" }));
    await waitFor(() => expect(screen.getByTestId("thumbnail-sync-message").textContent).toBe("Re-queued 3 jobs."));
    const clear = timers.mock.calls.find(([, ms]) => ms === SYNC_MESSAGE_MS);
    expect(clear).toBeTruthy();
    act(() => (clear![0] as () => void)());
    expect(screen.getByTestId("thumbnail-sync-message").textContent).toBe("");
  });

  it("keeps a not-triggered message, and shows 'Failed to connect to server' when the network fails", async () => {
    const { ThumbnailSync } = await import("@/features/admin-dashboard/components/thumbnail-sync");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ message: "No pending or failed thumbnails.", triggered: false, queued: 0 }, { status: 202 }));
    render(<ThumbnailSync />);
    fireEvent.click(screen.getByRole("button", { name: "Sync Thumbnails" }));
    await waitFor(() => expect(screen.getByTestId("thumbnail-sync-message").textContent).toBe("No pending or failed thumbnails."));
    fetchSpy.mockImplementation(async () => {
      throw new TypeError("network down");
    });
    fireEvent.click(screen.getByRole("button", { name: "Sync Thumbnails" }));
    expect(await screen.findByText("Failed to connect to server")).toBeTruthy();
  });
});
