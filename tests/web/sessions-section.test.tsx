import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionsSection, SESSIONS_LOAD_FAILED } from "@/features/profile/components/sessions-section";
import { Providers, storeSession, testUser } from "./helpers/render-app";

afterEach(() => vi.restoreAllMocks());

const items = [
  { id: "11111111-1111-4111-8111-111111111111", browser: "Firefox 133", os: "Windows", createdAt: "2026-01-02T10:00:00.000Z", lastSeenAt: "2026-01-03T10:00:00.000Z", current: true },
  { id: "22222222-2222-4222-8222-222222222222", browser: "Safari 18", os: "iOS 18.1", createdAt: "2026-01-01T10:00:00.000Z", lastSeenAt: "2026-01-02T09:00:00.000Z", current: false },
];

/**
 * `ownCache`: a cache of the test's own. Sign-outs revalidate through SWR's global cache (as the
 * app does), so the test that signs out uses that one and the others their own.
 */
function renderSection(answer: (method: string, url: string) => Response, { ownCache = false } = {}) {
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const url = new URL(req.url).pathname;
    calls.push(`${req.method} ${url}`);
    return answer(req.method, url);
  });
  storeSession(testUser("user"));
  const section = (
    <Providers>
      <MemoryRouter>
        <SessionsSection />
      </MemoryRouter>
    </Providers>
  );
  render(ownCache ? <SWRConfig value={{ provider: () => new Map() }}>{section}</SWRConfig> : section);
  return calls;
}

describe("Signed-in Devices", () => {
  it("names each device, marks this one, and signs another out with its button (the list is read again)", async () => {
    let list = items;
    const calls = renderSection((method, url) => {
      if (url.endsWith("/me")) return Response.json({ user: testUser("user") });
      if (method === "DELETE") {
        list = items.slice(0, 1);
        return new Response(null, { status: 204 });
      }
      return Response.json({ items: list });
    });
    const region = await screen.findByRole("region", { name: "Signed-in Devices" });
    const phone = await within(region).findByText("Safari 18 on iOS 18.1");
    expect(within(region).getByText("This device")).toBeTruthy();
    expect(within(region).getByText("Firefox 133 on Windows")).toBeTruthy();
    // This device has no sign-out of its own here (the profile's Sign Out is that).
    expect(within(region).getAllByRole("button", { name: /^Sign out .+ on / })).toHaveLength(1);
    fireEvent.click(within(region).getByRole("button", { name: "Sign out Safari 18 on iOS 18.1" }));
    expect(await within(region).findByText("No other device is signed in.")).toBeTruthy();
    expect(phone.isConnected).toBe(false);
    expect(calls).toContain(`DELETE /api/account/sessions/${items[1]!.id}`);
  });

  it("shows the load failure with Try Again", async () => {
    renderSection((_method, url) =>
      url.endsWith("/me") ? Response.json({ user: testUser("user") }) : Response.json({ code: "internal_error", message: "Boom." }, { status: 500 }),
      { ownCache: true },
    );
    expect(await screen.findByText(SESSIONS_LOAD_FAILED)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });
});
