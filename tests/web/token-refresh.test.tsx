import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/** A token-shaped string whose payload expires `inSeconds` from now (the SPA never checks signatures). */
const token = (name: string, inSeconds: number) =>
  `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + inSeconds, n: name }))}.s`;
const user = (firstName: string) => ({ id: 7, email: "a@b.co", firstName, lastName: "L", displayName: firstName, profilePictureUrl: null, roles: ["User"], isActive: true, emailConfirmed: false, createdAt: "", lastLoginAt: null });

type Call = { url: string; auth: string | null };
/** Stubs fetch: /api/auth/refresh answers `refreshed` (or a status), other paths `other`. */
function stubFetch(options: { refreshed?: string; refreshStatus?: number; other?: (auth: string | null) => Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const auth = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get("Authorization");
      calls.push({ url, auth });
      if (url.includes("/api/auth/refresh")) {
        if (options.refreshStatus && options.refreshStatus !== 200) return Response.json({ code: "unauthorized", message: "x" }, { status: options.refreshStatus });
        await new Promise((r) => setTimeout(r, 5));
        return Response.json({ token: options.refreshed, user: user("Fresh") });
      }
      return options.other ? options.other(auth) : Response.json({ ok: true });
    }),
  );
  return calls;
}

/** A fresh copy of the modules: another tab (module state is per tab, storage is shared). */
async function openTab() {
  vi.resetModules();
  return {
    refresh: await import("@/lib/token-refresh"),
    client: await import("@/lib/api-client"),
  };
}

/**
 * navigator.locks for the tabs of this test, as one lock manager: each name has one holder at a
 * time, granted in order, and `query()` lists the held names.
 */
function installLocks() {
  const tails = new Map<string, Promise<void>>();
  const held: string[] = [];
  const request = (name: string, callback: () => Promise<unknown>) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
      held.push(name);
      try {
        return await callback();
      } finally {
        held.splice(held.indexOf(name), 1);
      }
    });
    tails.set(
      name,
      run.then(
        () => undefined,
        () => undefined,
      ),
    );
    return run;
  };
  const query = async () => ({ held: held.map((name) => ({ name, mode: "exclusive" as const })), pending: [] });
  vi.stubGlobal("navigator", { ...navigator, locks: { request, query } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("one token refresh for all tabs", () => {
  it("two tabs refreshing the same due token at once call the server once; both end with the new token", async () => {
    installLocks();
    const old = token("old", 60);
    localStorage.setItem("authToken", old);
    const calls = stubFetch({ refreshed: token("new", 3600) });
    const tabA = await openTab();
    const tabB = await openTab();
    const [a, b] = await Promise.all([tabA.refresh.refreshToken(old), tabB.refresh.refreshToken(old)]);
    expect(calls.filter((c) => c.url.includes("/refresh"))).toHaveLength(1);
    expect(a!.token).toBe(b!.token);
    expect(localStorage.getItem("authToken")).toBe(a!.token);
    expect(JSON.parse(localStorage.getItem("authUser")!).firstName).toBe("Fresh");
  });

  it("a tab granted the lock while its storage still shows the old token (Chromium copies storage between tabs late) takes the token handed off through the lock manager, without calling the server", async () => {
    installLocks();
    const old = token("old", -10);
    const fresh = token("new", 3600);
    localStorage.setItem("authToken", old);
    const calls = stubFetch({ refreshed: fresh });
    const tabA = await openTab();
    const tabB = await openTab();
    expect((await tabA.refresh.refreshToken(old))!.token).toBe(fresh);
    localStorage.setItem("authToken", old); // what tab B's process still reads
    expect((await tabB.refresh.refreshToken(old))!.token).toBe(fresh);
    expect(calls.filter((c) => c.url.includes("/refresh"))).toHaveLength(1);
  });

  it("the handoff lasts the server's grace minute: a tab that still holds the old token after it calls the server", async () => {
    installLocks();
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    const old = token("old", -10);
    localStorage.setItem("authToken", old);
    const calls = stubFetch({ refreshed: token("new", 3600) });
    const tabA = await openTab();
    const first = tabA.refresh.refreshToken(old);
    await vi.advanceTimersByTimeAsync(10); // the stubbed server answers after 5 ms
    await first;
    await vi.advanceTimersByTimeAsync(60_000);
    localStorage.setItem("authToken", old);
    const tabB = await openTab();
    const second = tabB.refresh.refreshToken(old);
    await vi.advanceTimersByTimeAsync(10);
    await second;
    expect(calls.filter((c) => c.url.includes("/refresh"))).toHaveLength(2);
  });

  it("requests of one tab that find the token expired share one refresh and are sent with the new token", async () => {
    localStorage.setItem("authToken", token("old", -10));
    const fresh = token("new", 3600);
    const calls = stubFetch({ refreshed: fresh });
    const tab = await openTab();
    await Promise.all([tab.client.api.api.auth.me.$get({ query: {} }), tab.client.api.api.news.$get({ query: {} })]);
    expect(calls.filter((c) => c.url.includes("/refresh"))).toHaveLength(1);
    const sent = calls.filter((c) => !c.url.includes("/refresh"));
    expect(sent.map((c) => c.auth)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
  });

  it("a request answered 401 after another tab stored a new token is retried with it; the user stays signed in", async () => {
    const old = token("old", 3600);
    const fresh = token("new", 3600);
    localStorage.setItem("authToken", old);
    const calls = stubFetch({
      other: (auth) => {
        if (auth === `Bearer ${old}`) {
          localStorage.setItem("authToken", fresh); // the other tab refreshed meanwhile
          return Response.json({ code: "unauthorized", message: "expired" }, { status: 401 });
        }
        return Response.json({ user: user("Same") });
      },
    });
    const tab = await openTab();
    const listener = vi.fn();
    tab.client.onUnauthorized(listener);
    const res = await tab.client.api.api.auth.me.$get({ query: {} });
    expect(res.status).toBe(200);
    expect(calls.map((c) => c.auth)).toEqual([`Bearer ${old}`, `Bearer ${fresh}`]);
    expect(listener).not.toHaveBeenCalled();
  });

  it("a refresh answered 401 ends the session (null); a 500 throws and keeps the token", async () => {
    const old = token("old", 60);
    localStorage.setItem("authToken", old);
    stubFetch({ refreshStatus: 401 });
    const tab = await openTab();
    expect(await tab.refresh.refreshToken(old)).toBeNull();
    stubFetch({ refreshStatus: 500 });
    await expect(tab.refresh.refreshToken(old)).rejects.toThrow();
    expect(localStorage.getItem("authToken")).toBe(old);
  });
});

describe("tabs share the session through storage events", () => {
  it("picks up a token and user stored by another tab, and a sign-out there", async () => {
    localStorage.setItem("authToken", token("a", 3600));
    localStorage.setItem("authUser", JSON.stringify(user("Before")));
    stubFetch({ other: () => Response.json({ user: user("Before") }) });
    vi.resetModules();
    const { SessionProvider, useSession } = await import("@/lib/session");
    function Probe() {
      const s = useSession();
      return <p>{s.status}:{s.user?.firstName ?? "-"}</p>;
    }
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText("authenticated:Before")).toBeTruthy();
    await act(async () => {
      localStorage.setItem("authToken", token("b", 3600));
      localStorage.setItem("authUser", JSON.stringify(user("After")));
      window.dispatchEvent(new StorageEvent("storage", { key: "authUser" }));
    });
    expect(await screen.findByText("authenticated:After")).toBeTruthy();
    await act(async () => {
      localStorage.removeItem("authToken");
      localStorage.removeItem("authUser");
      window.dispatchEvent(new StorageEvent("storage", { key: "authToken" }));
    });
    expect(await screen.findByText("unauthenticated:-")).toBeTruthy();
  });
});
