import type { SWRConfiguration } from "swr";
import { ApiRequestError } from "./api-client";
import { initialDataMiddleware } from "./initial-data";

type NetworkInformation = { effectiveType?: string; saveData?: boolean };

/** Slow connection per the Network Information API (2G-class, or data saver on). */
export function isSlowConnection(): boolean {
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === "slow-2g" || connection.effectiveType === "2g";
}

const MAX_RETRIES = 5;

/** Client errors will fail the same way again; only network errors, 408, 429 and 5xx are retried. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiRequestError) {
    return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
  }
  return true;
}

/** Exponential backoff with jitter: interval × 2^(retry−1) × [0.5, 1.5), at most 16× the interval. */
export function retryDelay(retryCount: number, interval: number, random: number = Math.random()): number {
  const factor = 2 ** Math.min(Math.max(retryCount - 1, 0), 4);
  return Math.round(interval * factor * (0.5 + random));
}

/**
 * Global SWR settings: dedupe 2 s by default (features set 30 s for the news list,
 * 5 min for news filters per hook), no revalidation on focus, revalidation on reconnect, focus
 * throttle 5 s, slow-loading timeout 3 s (5 s on slow connections), error retry 5 s (10 s on slow
 * connections) with backoff. Answers the Worker wrote into the HTML count as fresh on first mount
 * (lib/initial-data.ts).
 */
export function createSwrConfig(slow: boolean = isSlowConnection()): SWRConfiguration {
  const errorRetryInterval = slow ? 10_000 : 5_000;
  return {
    use: [initialDataMiddleware],
    dedupingInterval: 2_000,
    revalidateOnFocus: false,
    revalidateOnReconnect: true,
    focusThrottleInterval: 5_000,
    loadingTimeout: slow ? 5_000 : 3_000,
    errorRetryInterval,
    errorRetryCount: MAX_RETRIES,
    shouldRetryOnError: true,
    onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
      if (!isRetryable(error) || retryCount > MAX_RETRIES) return;
      if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
      setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount, errorRetryInterval));
    },
  };
}
