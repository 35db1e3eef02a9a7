import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { createSwrConfig, isRetryable, retryDelay } from "@/lib/swr-config";

describe("SWR global config", () => {
  it("normal connection: dedupe 2 s, no focus revalidation, reconnect on, focus throttle 5 s, slow timeout 3 s, retry 5 s", () => {
    const config = createSwrConfig(false);
    expect(config).toMatchObject({
      dedupingInterval: 2000,
      revalidateOnFocus: false,
      revalidateOnReconnect: true,
      focusThrottleInterval: 5000,
      loadingTimeout: 3000,
      errorRetryInterval: 5000,
    });
  });

  it("slow connection: error retry 10 s and slow-loading timeout 5 s", () => {
    expect(createSwrConfig(true)).toMatchObject({ errorRetryInterval: 10000, loadingTimeout: 5000 });
  });

  it("retries back off exponentially with jitter and are capped", () => {
    expect(retryDelay(1, 5000, 0.5)).toBe(5000);
    expect(retryDelay(2, 5000, 0.5)).toBe(10000);
    expect(retryDelay(3, 5000, 0.5)).toBe(20000);
    expect(retryDelay(9, 5000, 0.5)).toBe(80000);
    expect(retryDelay(1, 5000, 0)).toBe(2500);
  });

  it("retries network errors, 408, 429 and 5xx, never other client errors", () => {
    expect(isRetryable(new ApiRequestError(0, "Failed to connect to server"))).toBe(true);
    expect(isRetryable(new ApiRequestError(503, "x"))).toBe(true);
    expect(isRetryable(new ApiRequestError(429, "x"))).toBe(true);
    expect(isRetryable(new ApiRequestError(404, "x"))).toBe(false);
    expect(isRetryable(new ApiRequestError(403, "x"))).toBe(false);
    expect(isRetryable(new TypeError("fetch failed"))).toBe(true);
  });
});
