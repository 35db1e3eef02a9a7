import { z } from "zod";
import { blankAsUndefined, pagingQuery, strictQuery, type Paged } from "./query";
import { text } from "./text";
import { versionField } from "./version";
import { isFilesPath, isHttpUrl } from "../image-source";

/**
 * News articles: the request schemas (the admin article form imports the SAME schema) and the
 * response shapes of /api/news. Pure: no Worker-only imports.
 */

export const NEWS_LIMITS = {
  title: 200,
  summary: 500,
  content: 50_000,
  author: 100,
  imageUrl: 2048,
  imageAlt: 500,
  tags: 10,
  tag: 50,
  /** Search, tag and author query values. */
  query: 200,
} as const;

const NEWS_DEFAULT_PAGE_SIZE = 12;
const NEWS_MAX_PAGE_SIZE = 100;

/**
 * Splits the form's comma-separated tag text (or takes a list), trims every entry, drops empty
 * ones and keeps the first spelling of tags that differ only in case, in order.
 */
function normalizeTags(input: string | readonly string[] | null | undefined): string[] {
  const raw = input == null ? [] : typeof input === "string" ? input.split(",") : input;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const entry of raw) {
    const tag = entry.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

const requiredText = (label: string, max: number) =>
  text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * POST /news and PUT /news/{id} (the same body). `imageUrl` may be empty or absent (stored as
 * null), an absolute http(s) URL or a path under /files/ (an image chosen from the media
 * library is one); `imageAlt` describes it. `tags` may be a list or the form's comma-separated
 * text.
 */
export const newsArticleInputSchema = z.object({
  title: requiredText("Title", NEWS_LIMITS.title),
  summary: requiredText("Summary", NEWS_LIMITS.summary),
  content: requiredText("Content", NEWS_LIMITS.content),
  author: requiredText("Author", NEWS_LIMITS.author),
  imageUrl: text({ error: "Image URL must be text." })
    .trim()
    .max(NEWS_LIMITS.imageUrl, `Image URL must be at most ${NEWS_LIMITS.imageUrl} characters.`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || isHttpUrl(v) || isFilesPath(v),
      "Image URL must be an http(s) URL or a path under /files/.",
    ),
  /** What the image shows, for readers who cannot see it (kept only with an image). */
  imageAlt: text({ error: "Alt text must be text." })
    .trim()
    .max(NEWS_LIMITS.imageAlt, `Alt text must be at most ${NEWS_LIMITS.imageAlt} characters.`)
    .nullish()
    .transform((v) => v ?? ""),
  tags: z
    .union([text(), z.array(text({ error: "Each tag must be text." }))], {
      error: "Tags must be a list of text.",
    })
    .nullish()
    .transform((v) => normalizeTags(v))
    .refine((tags) => tags.length <= NEWS_LIMITS.tags, `An article can have at most ${NEWS_LIMITS.tags} tags.`)
    .refine(
      (tags) => tags.every((t) => t.length <= NEWS_LIMITS.tag),
      `Each tag must be at most ${NEWS_LIMITS.tag} characters.`,
    ),
  isPublished: z.boolean({ error: "isPublished must be true or false." }).default(false),
  /** PUT: the `updatedAt` the editor loaded; a different stored one is a 409 stale_version. */
  ...versionField,
});

/** What the server stores after trimming and normalising. */
export type NewsArticleInput = z.output<typeof newsArticleInputSchema>;

const optionalText = (label: string) =>
  text({ error: `${label} must be a single value.` })
    .trim()
    .max(NEWS_LIMITS.query, `${label} must be at most ${NEWS_LIMITS.query} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** GET /news query. `status` is honoured only for moderators and admins. */
export const newsListQuerySchema = strictQuery({
  search: optionalText("Search"),
  tag: optionalText("Tag"),
  author: optionalText("Author"),
  ...pagingQuery(NEWS_DEFAULT_PAGE_SIZE, NEWS_MAX_PAGE_SIZE),
  status: z.preprocess(
    blankAsUndefined,
    z.enum(["all", "published", "draft"], { error: "Status must be all, published or draft." }).optional(),
  ),
});

/** The news article of, as GET /news/{id}, POST and PUT answer it. */
export type NewsArticle = {
  id: number;
  title: string;
  summary: string;
  content: string;
  author: string;
  imageUrl: string | null;
  /** The image's alt text ("" when there is no image or it was not described). */
  imageAlt: string;
  tags: string[];
  isPublished: boolean;
  /** Set when first published; kept when unpublished and republished. Null for never-published drafts. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** List items carry everything but `content` (cards only show the summary). */
export type NewsListItem = Omit<NewsArticle, "content">;

/**
 * GET /news: the list envelope. With `capped`, `totalCount` is the matches among the newest
 * LIST_SEARCH_CAP a search looked at (what can be paged).
 */
export type NewsListResponse = Paged<NewsListItem> & {
  /** Present (true) when a search has more matches than it looked at: show the count as "60+". */
  capped?: true;
};

/** GET /news/filters: distinct tags and authors of published articles, sorted. */
export type NewsFilters = { tags: string[]; authors: string[] };
