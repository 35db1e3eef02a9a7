import { afterEach, describe, expect, it, vi } from "vitest";
import { api, currentBookmark } from "@/lib/api-client";

afterEach(() => vi.unstubAllGlobals());

const sentBookmark = (fetchMock: ReturnType<typeof vi.fn>, call: number) =>
  new Headers((fetchMock.mock.calls[call]![1] as RequestInit).headers).get("X-D1-Bookmark");

describe("api client: D1 bookmark passed back and forth", () => {
  it("sends the newest bookmark the API answered with, and never goes back to an older one", async () => {
    const answers = ["00000002-0000000a", "00000001-00000001", null];
    const fetchMock = vi.fn(async () => {
      const next = answers.shift();
      return Response.json({ status: "ok" }, { headers: next ? { "X-D1-Bookmark": next } : {} });
    });
    vi.stubGlobal("fetch", fetchMock);
    expect(currentBookmark()).toBeNull();
    await api.api.health.$get({ query: {} });
    expect(sentBookmark(fetchMock, 0)).toBeNull();
    await api.api.health.$get({ query: {} });
    expect(sentBookmark(fetchMock, 1)).toBe("00000002-0000000a");
    await api.api.health.$get({ query: {} });
    // The older bookmark of the second answer did not replace the newer one.
    expect(sentBookmark(fetchMock, 2)).toBe("00000002-0000000a");
    expect(currentBookmark()).toBe("00000002-0000000a");
  });
});
