/**
 * The FastComments widget (comments on news and the forum): its settings and sign-on. The widget
 * itself runs in a sandboxed frame (@shared/comments-frame) that loads the script from
 * FastComments' CDN (the EU CDN when the tenant's region is "eu").
 */

import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { COMMENT_SCRIPT } from "@shared/comments-frame";
import { api, unwrap } from "./api-client";
import { paths } from "@shared/paths";

/** Loader states: Started → ScriptLoaded → Done, or Error. */
export type WidgetLoadState = "Started" | "ScriptLoaded" | "Done" | "Error";

export type FastCommentsSso = {
  userDataJSONBase64?: string;
  verificationHash?: string;
  timestamp?: number;
  loginURL?: string;
  logoutURL?: string;
};

/** The public demo tenant for when the server could not tell us ours. */
export const DEMO_TENANT_ID = "demo";

export function fastCommentsScriptUrl(region: string | null | undefined): string {
  return region === "eu" ? COMMENT_SCRIPT.eu : COMMENT_SCRIPT.us;
}

/**
 * GET /api/auth/fastcomments-sso: the widget's tenant and region, and the signed SSO payload for
 * a signed-in user (only loginURL/logoutURL for guests, and for accounts that still have to
 * confirm their e-mail address: `emailVerificationRequired`). 403 `comments_disabled` while
 * comments are off.
 */
export function getFastCommentsSso() {
  return unwrap(api.api.auth["fastcomments-sso"].$get({ query: {} }));
}

export const FASTCOMMENTS_SSO_KEY = apiKey("/api/auth/fastcomments-sso");

/** Id of the JSON block with the widget's tenant and region that the Worker writes into every page. */
export const WIDGET_CONFIG_ELEMENT_ID = "comments-widget";

export type WidgetSettings = { tenantId: string; region: "eu" | null };

/** The widget's tenant and region as the Worker wrote them into the page (none outside Worker pages). */
export function embeddedWidgetSettings(): WidgetSettings | null {
  if (typeof document === "undefined") return null;
  const text = document.getElementById(WIDGET_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<WidgetSettings>;
    if (typeof data.tenantId !== "string" || !data.tenantId) return null;
    return { tenantId: data.tenantId, region: data.region === "eu" ? "eu" : null };
  } catch {
    return null;
  }
}

/**
 * What the SSO endpoint answers a guest (tenant, region, where "log in" and "log out" lead),
 * built in the browser so that a guest's widget makes no API call. Null when the page does not
 * carry the tenant (then the endpoint is asked, as for a signed-in user).
 */
export function guestWidgetSso(): (WidgetSettings & { loginURL: string; logoutURL: string }) | null {
  const widget = embeddedWidgetSettings();
  if (!widget) return null;
  return { ...widget, loginURL: new URL(paths.login(), location.origin).href, logoutURL: new URL(paths.profile(), location.origin).href };
}

/**
 * The widget's SSO settings for whoever is signed in, loaded once per user: the session drops
 * the cache when the user changes, which loads it again. Nothing is requested while `enabled`
 * is false (the widget is not near the screen yet, or a guest's settings are in the page).
 */
export function useFastCommentsSso(enabled = true) {
  return useSWR(enabled ? FASTCOMMENTS_SSO_KEY : null, getFastCommentsSso, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
