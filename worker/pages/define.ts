/**
 * Pages the Worker paints at the edge: for a public content URL it serves the SPA's HTML with
 * the page's metadata, the JSON of the page's first API requests (so the SPA's first view makes
 * no /api request) and a preload of the page's largest image.
 *
 * A page is declared once with `definePage` (see worker/pages/news.ts) and listed in
 * worker/pages/index.ts. How to add one: docs/conventions.md, "Pages painted at the edge".
 */
import type { MissingItem } from "@shared/missing-item";
import { missingItemMeta, pageNotFoundMeta, type PageMeta } from "@shared/seo";
import { paintMissingItem } from "./paint/missing-item";

/** One API read of a page: the key is the SPA's SWR key (`apiKey(path, query)`). */
export type ApiRef<T> = { readonly key: string; readonly __answer?: T };

/** Declares an API read; the Worker answers it through its own API, as a guest. */
export function api<T>(key: string): ApiRef<T> {
  return { key };
}

type DataRefs = Record<string, ApiRef<unknown> | null>;

/** The answers of a page's reads by name: the JSON body of a 200, else null. */
export type PageData<R extends DataRefs> = {
  [K in keyof R]: NonNullable<R[K]> extends ApiRef<infer T> ? T | null : null;
};

export type PageRequest = {
  /** Route parameters of `pattern`, e.g. `{ id: "42" }`. */
  params: Record<string, string>;
  /** The requested URL (query string included). */
  url: URL;
  /** The site's canonical origin (SITE_URL), for absolute URLs in metadata. */
  origin: string;
};

/** The image the browser should fetch first (the page's LCP candidate). */
export type PreloadImage = {
  href: string;
  /** Responsive candidates, as in the `<img srcset>` the page renders. */
  srcset?: string;
  sizes?: string;
  /** MIME type when the markup offers it as a `<source type>` (e.g. "image/webp"). */
  type?: string;
};

export type PageDefinition<R extends DataRefs> = {
  /** A Hono path pattern, e.g. "/news/:id" (one of APP_PATHS in @shared/app-paths). */
  pattern: string;
  /** The SPA route module rendering the page (under web/src), preloaded with the HTML. */
  module?: string;
  /** The API reads of the first view, named; null for a read that cannot exist (bad id). */
  data?(req: PageRequest): R;
  /**
   * Metadata (and status, default 200) from the answers; null when the item the URL names does
   * not exist: then the page is a 404 with `missing`'s metadata and painted view.
   */
  meta(req: PageRequest, data: PageData<R>): { meta: PageMeta; status?: number } | null;
  /** What the page says when its item is missing (@shared/missing-item), as the SPA's view does. */
  missing?: MissingItem;
  /** The largest above-the-fold image, if any. */
  preloadImage?(data: PageData<R>): PreloadImage | null;
  /**
   * The page's first view as HTML (see worker/pages/paint/), shown before any JavaScript: the
   * same elements and classes as the SPA's page component renders for this data, so nothing moves
   * when the app takes over. Null when there is nothing to paint (e.g. a missing item).
   */
  paint?(req: PageRequest, data: PageData<R>): string | null;
};

/**
 * An answer of the Worker's own API to a guest GET: `body` parsed, `json` as sent (written into
 * the HTML as it is); `ttl`: seconds a shared cache may keep it.
 */
export type ApiAnswer = { key: string; status: number; body: unknown; json: string; ttl: number };

/** An item the API answered 404 for, as written into the HTML: the API's error envelope, as sent. */
export type MissingAnswer = { key: string; json: string };

export type PageResult = {
  meta: PageMeta;
  status: number;
  /** The 200 answers, to be written into the HTML. */
  answers: ApiAnswer[];
  /** The 404 answers (a missing item), written into the HTML so the SPA shows its view without asking again. */
  missing: MissingAnswer[];
  preloadImage: PreloadImage | null;
  module: string | undefined;
  /** The first view's HTML (escaped), if the page paints one. */
  paint: string | undefined;
};

/** A page with its types erased, as the registry holds it. */
export type Page = {
  pattern: string;
  load(req: PageRequest, fetchApi: (key: string) => Promise<ApiAnswer>): Promise<PageResult>;
};

export function definePage<R extends DataRefs>(definition: PageDefinition<R>): Page {
  return {
    pattern: definition.pattern,
    async load(req, fetchApi) {
      const refs = definition.data?.(req) ?? ({} as R);
      const entries = await Promise.all(
        Object.entries(refs).map(async ([name, ref]) => [name, ref ? await fetchApi(ref.key) : null] as const),
      );
      // A read that failed on our side (the database down) is not a missing item: no 404 page is
      // painted from it; the caller serves the plain SPA, which shows its own error state.
      const failed = entries.find(([, answer]) => answer && answer.status >= 500);
      if (failed) throw new Error(`page data ${failed[1]!.key} answered ${failed[1]!.status}`);
      const data = Object.fromEntries(
        entries.map(([name, answer]) => [name, answer?.status === 200 ? answer.body : null]),
      ) as PageData<R>;
      const found = definition.meta(req, data);
      const answers = entries.flatMap(([, answer]) => (answer?.status === 200 ? [answer] : []));
      const missing = entries.flatMap(([, answer]) => (answer?.status === 404 ? [{ key: answer.key, json: answer.json }] : []));
      if (!found) {
        const item = definition.missing;
        return {
          meta: item ? missingItemMeta(item) : pageNotFoundMeta(),
          status: 404,
          answers,
          missing,
          preloadImage: null,
          module: definition.module,
          paint: item ? paintMissingItem(item) : undefined,
        };
      }
      const { meta, status = 200 } = found;
      return {
        meta,
        status,
        answers,
        missing,
        preloadImage: definition.preloadImage?.(data) ?? null,
        module: definition.module,
        paint: (status === 200 && definition.paint?.(req, data)) || undefined,
      };
    },
  };
}
