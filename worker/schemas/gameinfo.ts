import { GAMEINFO_FEATURED_DEFAULT, GAMEINFO_LIMIT_MAX, GAMEINFO_RELATED_DEFAULT, type FilterOption } from "@shared/game";
import { z } from "zod";
import { pagingQuery, queryFlag, queryText, strictQuery } from "./game-query";

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

export const GAMEINFO_CATEGORY_MAX = 50;
export const GAMEINFO_SEARCH_MAX = 200;

export const gameInfoListQuerySchema = strictQuery({
  category: queryText("Category", GAMEINFO_CATEGORY_MAX),
  search: queryText("Search", GAMEINFO_SEARCH_MAX),
  featuredOnly: queryFlag("featuredOnly", false),
  publishedOnly: queryFlag("publishedOnly", true),
  ...pagingQuery,
});
export type GameInfoListQuery = (typeof gameInfoListQuerySchema)["_output"];

const limit = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v : String(fallback)),
    z
      .string()
      .regex(/^[0-9]{1,4}$/, `Limit must be a whole number from 1 to ${GAMEINFO_LIMIT_MAX}.`)
      .transform(Number)
      .pipe(z.number().min(1, `Limit must be a whole number from 1 to ${GAMEINFO_LIMIT_MAX}.`).max(GAMEINFO_LIMIT_MAX, `Limit must be a whole number from 1 to ${GAMEINFO_LIMIT_MAX}.`)),
  );

export const gameInfoFeaturedQuerySchema = strictQuery({ limit: limit(GAMEINFO_FEATURED_DEFAULT) });
export const gameInfoRelatedQuerySchema = strictQuery({ limit: limit(GAMEINFO_RELATED_DEFAULT) });
export const emptyQuerySchema = strictQuery({});

/** GET /gameinfo/featured and /gameinfo/{id}/related. */
export type GameInfoItems = { items: GameInfoListItem[] };

/** GET /gameinfo/categories: the categories of the visible articles with their counts, by name. */
export type GameInfoCategories = { categories: FilterOption<string>[] };
