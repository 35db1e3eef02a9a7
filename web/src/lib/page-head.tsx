import { createContext, use, useLayoutEffect, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import type { PageHeadInfo } from "@shared/app-server";
import { allowedImageSrc } from "@shared/image-source";
import { brandMeta, headElements, PAGE_HEAD_SELECTORS, withAllowedImages, type HeadElement, type PageMeta, type PreloadImage } from "@shared/seo";
import { useSiteSettings } from "./site-settings";

type PageContextValue = {
  /** The site's origin for absolute URLs in metadata. */
  origin: string;
  /** While the Worker renders: receives the page's head (the last page head rendered wins). */
  collect: ((head: PageHeadInfo) => void) | null;
};

const fallbackOrigin = () => (typeof location === "undefined" ? "http://localhost" : location.origin);

const PageContext = createContext<PageContextValue | null>(null);

/** Around the app: the Worker passes the site's origin and a collector, the browser its own origin. */
export function PageContextProvider({ origin, collect = null, children }: { origin: string; collect?: PageContextValue["collect"]; children: ReactNode }) {
  return <PageContext value={{ origin, collect }}>{children}</PageContext>;
}

/** The site's origin ("https://realmcodex.example") for canonical and share URLs. */
export function useSiteOrigin(): string {
  return use(PageContext)?.origin ?? fallbackOrigin();
}

const HEAD_SELECTOR = PAGE_HEAD_SELECTORS.join(",");

/** Replaces the document's page metadata (title, description, canonical, Open Graph...) with `elements`, built with DOM calls. */
function replaceHeadElements(elements: readonly HeadElement[]): void {
  for (const element of document.head.querySelectorAll(HEAD_SELECTOR)) element.remove();
  for (const { tag, attrs, text } of elements) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    document.head.appendChild(element);
  }
}

/**
 * A page's head, declared by the page as it renders: its metadata (from the builders in
 * @shared/seo and the game feature's lib/game-seo.ts), its status (404 for a missing item) and the image its first
 * view shows largest. The Worker collects it while rendering and writes the same `headTags` into
 * the HTML with that status and a preload of the image; in the browser it replaces the document's
 * metadata whenever the page changes. The site's configured name and description apply in both.
 */
export function PageHead({ meta: declared, status = 200, preload: declaredPreload = null }: { meta: PageMeta; status?: number; preload?: PreloadImage | null }) {
  const page = use(PageContext);
  const site = useSiteSettings();
  // Only images the site may show (its files, allowed hosts): no reader is sent elsewhere.
  const origin = page?.origin ?? fallbackOrigin();
  const allow = (url: string) => allowedImageSrc(url, site.imageHosts, origin);
  const meta = withAllowedImages(declared, allow);
  const preload = declaredPreload && allow(declaredPreload.href) ? declaredPreload : null;
  page?.collect?.({ meta, status, preload });
  const branded = brandMeta(meta, site);
  // Keyed by their JSON: a render with equal metadata leaves the head alone.
  const elements = JSON.stringify(headElements(branded, site.siteName));
  useLayoutEffect(() => replaceHeadElements(JSON.parse(elements) as HeadElement[]), [elements]);
  return null;
}

/**
 * The page's URL is an old one (a guide whose slug changed): the Worker answers a permanent
 * redirect to `to` (a path on this site; the query string is kept), and in the browser the page
 * replaces the history entry with it. `meta` is the head while the browser moves on.
 */
export function PageRedirect({ to, meta }: { to: string; meta: PageMeta }) {
  const page = use(PageContext);
  page?.collect?.({ meta, status: 301, preload: null, redirect: to });
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useLayoutEffect(() => {
    void navigate({ pathname: to, search, hash }, { replace: true });
  }, [navigate, to, search, hash]);
  return null;
}
