import { afterEach, describe, expect, it, vi } from "vitest";
import { api, onUnauthorized } from "@/lib/api-client";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("api client 401 handling", () => {
  it("signals an expired session when a request that carried a token answers 401", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ message: "Your session has expired." }, { status: 401 })));
    localStorage.setItem("authToken", "t");
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    await api.api.auth.me.$get({ query: {} });
    off();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("does not signal it for a guest's 401 such as a wrong password on sign-in", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ message: "Invalid email or password." }, { status: 401 })));
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    await api.api.auth.login.$post({ json: { email: "a@b.co", password: "x" } });
    off();
    expect(listener).not.toHaveBeenCalled();
  });
});
