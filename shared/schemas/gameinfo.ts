import {
  GAMEINFO_CATEGORY_MAX,
  GAMEINFO_SEARCH_MAX,
  GAMEINFO_FEATURED_DEFAULT,
  GAMEINFO_LIMIT_MAX,
  GAMEINFO_RELATED_DEFAULT,
  SLUG_MAX,
  SLUG_PATTERN,
  type FilterOption,
} from "@shared/game";
import { z } from "zod";
import { flag, imageUrl, optionalText, requiredText, wholeNumber } from "./game-input";
import { versionField } from "./version";
import { gamePaging, queryFlag, queryText } from "./game-query";
import { queryCount, strictQuery } from "./query";
import { toSlug } from "@shared/slug";
import { text } from "./text";

/** A game-info article (guides, lore, mechanics). */
export type GameInfoArticle = {
  id: number;
  title: string;
  slug: string;
  category: string;
  summary: string;
  content: string;
  imageUrl: string | null;
  author: string;
  isFeatured: boolean;
  isPublished: boolean;
  sortOrder: number;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Lists, featured and related answers carry everything but the content. */
export type GameInfoListItem = Omit<GameInfoArticle, "content">;

export { GAMEINFO_CATEGORY_MAX };

export const gameInfoListQuerySchema = strictQuery({
  category: queryText("Category", GAMEINFO_CATEGORY_MAX),
  search: queryText("Search", GAMEINFO_SEARCH_MAX),
  featuredOnly: queryFlag("featuredOnly", false),
  publishedOnly: queryFlag("publishedOnly", true),
  ...gamePaging,
});

const limit = (fallback: number) => queryCount("Limit", 1, GAMEINFO_LIMIT_MAX, fallback);

export const gameInfoFeaturedQuerySchema = strictQuery({ limit: limit(GAMEINFO_FEATURED_DEFAULT) });
export const gameInfoRelatedQuerySchema = strictQuery({ limit: limit(GAMEINFO_RELATED_DEFAULT) });
/** GET /gameinfo/categories: moderators may count unpublished articles too (publishedOnly=false). */
export const gameInfoCategoriesQuerySchema = strictQuery({ publishedOnly: queryFlag("publishedOnly", true) });

/** GET /gameinfo/featured and /gameinfo/{id}/related. */
export type GameInfoItems = { items: GameInfoListItem[] };

/** GET /gameinfo/categories: the categories of the visible articles with their counts, by name. */
export type GameInfoCategories = { categories: FilterOption<string>[] };

// ---------------------------------------------------------------------------------------------
// Writes: POST /gameinfo, PUT /gameinfo/{id}
// ---------------------------------------------------------------------------------------------

/** Longest title, summary, content and author (the editor's maxLength too). */
export const GAMEINFO_LIMITS = { title: 200, summary: 500, content: 50_000, author: 100 } as const;

/** "Your first week!" → "your-first-week" (a slug from a title). */
export const slugify = (text: string): string => toSlug(text, SLUG_MAX);

export const gameInfoInputSchema = z
  .object({
    title: requiredText("Title is required", "Title", GAMEINFO_LIMITS.title),
    /** Absent or blank: made from the title. */
    slug: text({ error: "Slug must be text." })
      .trim()
      .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters.`)
      .nullish()
      .refine((v) => !v || SLUG_PATTERN.test(v), "Slug may contain only lower-case letters, digits and single hyphens."),
    category: requiredText("Category is required", "Category", GAMEINFO_CATEGORY_MAX),
    summary: optionalText("Summary", GAMEINFO_LIMITS.summary),
    content: requiredText("Content is required", "Content", GAMEINFO_LIMITS.content),
    imageUrl: imageUrl("Image URL"),
    author: optionalText("Author", GAMEINFO_LIMITS.author),
    isFeatured: flag("isFeatured", false),
    isPublished: flag("isPublished", false),
    sortOrder: wholeNumber("Sort order", 0, 100_000, 0),
    ...versionField,
  })
  .transform((a, ctx) => {
    const slug = a.slug || slugify(a.title);
    if (!slug) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "Slug is required (the title has no letters or digits to make one)." });
      return z.NEVER;
    }
    return { ...a, slug };
  });
export type GameInfoInput = z.output<typeof gameInfoInputSchema>;
