import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "@schemas/user";
import { UserManagement } from "@/features/admin-users/components/user-management";
import { SessionProvider } from "@/lib/session";
import { ToastProvider } from "@/lib/toast";

const user = (id: number, roles: User["roles"] = ["User"]): User => ({
  id,
  email: `user${id}@example.com`,
  firstName: "User",
  lastName: String(id),
  displayName: `User ${id}`,
  profilePictureUrl: null,
  roles,
  isActive: true,
  emailConfirmed: true,
  createdAt: "2026-01-05T10:00:00.000Z",
  lastLoginAt: null,
});

function renderPage() {
  return render(
    <MemoryRouter>
      <ToastProvider>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          <SessionProvider>
            <UserManagement />
          </SessionProvider>
        </SWRConfig>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const requested = (fetchSpy: ReturnType<typeof vi.fn>) =>
  fetchSpy.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input), "http://x"));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("user management", () => {
  it("asks for 10 per page, pages with Next, and applies the search 500 ms after typing stops", async () => {
    const fetchSpy = vi.fn(async () => Response.json({ items: [user(1), user(2)], totalCount: 12, page: 1, pageSize: 10, totalPages: 2 }));
    vi.stubGlobal("fetch", fetchSpy);
    renderPage();
    expect(await screen.findByText("User 1")).toBeTruthy();
    expect(screen.getByText("12 users")).toBeTruthy();
    expect(requested(fetchSpy)[0]!.searchParams.get("pageSize")).toBe("10");
    expect(requested(fetchSpy)[0]!.searchParams.get("page")).toBe("1");

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await vi.waitFor(() => expect(requested(fetchSpy).at(-1)!.searchParams.get("page")).toBe("2"));
    expect(await screen.findByText("Page 2 of 2")).toBeTruthy();

    vi.useFakeTimers();
    const before = fetchSpy.mock.calls.length;
    fireEvent.change(screen.getByLabelText("Search users"), { target: { value: "ada" } });
    await act(async () => vi.advanceTimersByTime(400));
    expect(fetchSpy.mock.calls.length).toBe(before);
    await act(async () => vi.advanceTimersByTime(150));
    vi.useRealTimers();
    await vi.waitFor(() => expect(requested(fetchSpy).at(-1)!.searchParams.get("search")).toBe("ada"));
    expect(requested(fetchSpy).at(-1)!.searchParams.get("page")).toBe("1");

    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "Moderator" } });
    await vi.waitFor(() => expect(requested(fetchSpy).at(-1)!.searchParams.get("role")).toBe("Moderator"));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["All Roles", "Admin", "Moderator", "User"]);
  });

  it("shows 'Failed to load users' when the list cannot load", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ message: "Server exploded." }, { status: 500 })));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load users")).toBeTruthy();
  });

  it("shows an empty state when no user matches", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ items: [], totalCount: 0, page: 1, pageSize: 10, totalPages: 0 })));
    renderPage();
    expect(await screen.findByText("No users found.")).toBeTruthy();
  });

  it("sends the new role list and alerts 'Failed to update user roles' when the server refuses", async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = input instanceof Request ? input.method : (init?.method ?? "GET");
      if (method === "PUT") return Response.json({ message: "Nope." }, { status: 409 });
      return Response.json({ items: [user(7)], totalCount: 1, page: 1, pageSize: 10, totalPages: 1 });
    });
    vi.stubGlobal("fetch", fetchSpy);
    renderPage();
    await screen.findByText("User 7");
    expect((screen.getByRole("checkbox", { name: "User" }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Moderator" }));
    const toast = await screen.findByText("Failed to update user roles: Nope.");
    expect(toast).toBeTruthy();
    const put = fetchSpy.mock.calls.find(([input, init]) => (input instanceof Request ? input.method : init?.method) === "PUT")!;
    const body = put[0] instanceof Request ? await put[0].clone().text() : String(put[1]?.body);
    expect(JSON.parse(body)).toEqual({ roles: ["User", "Moderator"] });
    expect(requested(fetchSpy).some((u) => u.pathname === "/api/admin/users/7/roles")).toBe(true);
  });
});
