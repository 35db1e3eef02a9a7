/**
 * Loading the FastComments widget (comments on news and the forum). The script comes
 * from FastComments' CDN (the EU CDN when the tenant's region is "eu"); the CSP admits both.
 */

import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { api, unwrap } from "./api-client";

/** Loader states: Started → ScriptLoaded → Done, or Error. */
export type WidgetLoadState = "Started" | "ScriptLoaded" | "Done" | "Error";

export type FastCommentsSso = {
  userDataJSONBase64?: string;
  verificationHash?: string;
  timestamp?: number;
  loginURL?: string;
  logoutURL?: string;
};

export type FastCommentsConfig = {
  tenantId: string;
  urlId: string;
  url?: string;
  pageTitle?: string;
  region?: "eu";
  hasDarkBackground?: boolean;
  sso?: FastCommentsSso;
};

type FastCommentsWindow = Window & {
  FastCommentsUI?: (target: HTMLElement, config: FastCommentsConfig) => { destroy?: () => void } | void;
};

/** The public demo tenant for when the server could not tell us ours. */
export const DEMO_TENANT_ID = "demo";

export function fastCommentsScriptUrl(region: string | null | undefined): string {
  return region === "eu"
    ? "https://cdn-eu.fastcomments.com/js/embed-v2.min.js"
    : "https://cdn.fastcomments.com/js/embed-v2.min.js";
}

const scripts = new Map<string, Promise<void>>();

/** Adds the script once per URL; a failed load is forgotten so a later mount can retry. */
export function loadScript(src: string): Promise<void> {
  const existing = scripts.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      scripts.delete(src);
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  scripts.set(src, promise);
  return promise;
}

/** Mounts the widget into `target`; returns a cleanup. Throws if the script did not define it. */
export function mountFastComments(target: HTMLElement, config: FastCommentsConfig): () => void {
  const ui = (window as FastCommentsWindow).FastCommentsUI;
  if (typeof ui !== "function") throw new Error("FastCommentsUI is not available");
  const instance = ui(target, config);
  return () => {
    if (instance && typeof instance.destroy === "function") instance.destroy();
    target.replaceChildren();
  };
}

/**
 * GET /api/auth/fastcomments-sso: the widget's tenant and region, and the signed SSO payload for
 * a signed-in user (only loginURL/logoutURL for guests, and for accounts that still have to
 * confirm their e-mail address: `emailVerificationRequired`). 403 `comments_disabled` while
 * comments are off.
 */
export function getFastCommentsSso() {
  return unwrap(api.api.auth["fastcomments-sso"].$get());
}

export const FASTCOMMENTS_SSO_KEY = apiKey("/api/auth/fastcomments-sso");

/**
 * The widget's SSO settings for whoever is signed in, loaded once per user: the session drops
 * the cache when the user changes, which loads it again.
 */
export function useFastCommentsSso() {
  return useSWR(FASTCOMMENTS_SSO_KEY, getFastCommentsSso, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
