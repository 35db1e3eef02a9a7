import { act, fireEvent, render, screen } from "@testing-library/react";
import useSWR, { SWRConfig, type Cache } from "swr";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "@/lib/api-client";
import { SessionProvider, useSession } from "@/lib/session";
import { storeSession, testUser } from "./helpers/render-app";

/** A private read: its answer depends on who asks. */
let reads = 0;
const whoAsks = async () => {
  reads++;
  const raw = localStorage.getItem("authUser");
  return raw ? `data of ${(JSON.parse(raw) as { email: string }).email}` : "data of a guest";
};

const ADA = testUser("admin", { id: 99, email: "ada@example.com" });

function Probe() {
  const session = useSession();
  const { data } = useSWR("/api/private", whoAsks);
  return (
    <>
      <p>{data ?? "loading"}</p>
      <p>{session.status}</p>
      <button type="button" onClick={() => void session.signOut()}>
        sign out
      </button>
      <button type="button" onClick={() => session.signIn("token-2", ADA)}>
        sign in as Ada
      </button>
      <button type="button" onClick={() => session.setUser({ ...session.user!, firstName: "Renamed" })}>
        rename
      </button>
    </>
  );
}

const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

function renderWithCache() {
  const cache = new Map() as Cache;
  // Something loaded earlier that is not on screen now.
  cache.set("/api/elsewhere", { data: "left over" });
  render(
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </SWRConfig>,
  );
  return cache;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reads = 0;
});

describe("the SWR cache follows the signed-in user", () => {
  it("sign-out drops every cached answer and what is on screen loads again as a guest", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status: 204 })));
    storeSession(testUser("user", { email: "una@example.com" }));
    const cache = renderWithCache();
    expect(await screen.findByText("data of una@example.com")).toBeTruthy();
    press("sign out");
    expect(await screen.findByText("data of a guest")).toBeTruthy();
    expect(cache.get("/api/elsewhere")?.data).toBeUndefined();
  });

  it("sign-in as someone else drops the guest's answers and loads them again for the user", async () => {
    storeSession(null);
    const cache = renderWithCache();
    expect(await screen.findByText("data of a guest")).toBeTruthy();
    press("sign in as Ada");
    expect(await screen.findByText("data of ada@example.com")).toBeTruthy();
    expect(cache.get("/api/elsewhere")?.data).toBeUndefined();
    expect(reads).toBe(2);
  });

  it("a 401 on a signed-in request ends the session and clears the cache", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ code: "unauthorized", message: "Expired." }, { status: 401 })));
    storeSession(testUser("user", { email: "una@example.com" }));
    const cache = renderWithCache();
    expect(await screen.findByText("data of una@example.com")).toBeTruthy();
    await act(async () => {
      await api.api.auth.me.$get({ query: {} });
    });
    expect(await screen.findByText("unauthenticated")).toBeTruthy();
    expect(await screen.findByText("data of a guest")).toBeTruthy();
    expect(cache.get("/api/elsewhere")?.data).toBeUndefined();
  });

  it("a profile change (same user) keeps the cache", async () => {
    storeSession(testUser("user", { email: "una@example.com" }));
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ user: testUser("user", { email: "una@example.com" }) })));
    const cache = renderWithCache();
    expect(await screen.findByText("data of una@example.com")).toBeTruthy();
    press("rename");
    expect(screen.getByText("authenticated")).toBeTruthy();
    expect(cache.get("/api/elsewhere")?.data).toBe("left over");
  });
});
