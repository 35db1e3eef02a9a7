import { z } from "zod";
import { WIKI_TYPES } from "../wiki-syntax";
import { GAMEINFO_LIMITS } from "./gameinfo";
import { requiredText } from "./game-input";
import { queryEnum, queryText } from "./game-query";
import { SLUG_MAX } from "../game";
import { blankAsUndefined, idParamSchema, pagingQuery, strictQuery } from "./query";

/** What a broken link is broken by (the moderators' list can show one kind). */
export const BROKEN_REASONS = ["missing", "hidden", "ambiguous"] as const;

export const BACKLINK_TARGET_MESSAGE = "Give the record's id, or a guide's slug.";

/**
 * GET /api/backlinks?type=unit&id=12 (or ?type=guide&slug=combat-basics, as a guide's page knows
 * it): the guides and news that link to or embed a record.
 */
export const backlinksQuerySchema = strictQuery({
  type: z.preprocess(blankAsUndefined, z.enum(WIKI_TYPES, { error: `Type must be one of: ${WIKI_TYPES.join(", ")}.` })),
  id: z.preprocess(blankAsUndefined, idParamSchema.shape.id.optional()),
  slug: queryText("Slug", SLUG_MAX),
  ...pagingQuery(20, 100),
}).superRefine((query, ctx) => {
  const byId = query.id !== undefined;
  const bySlug = query.slug !== undefined && query.type === "guide";
  if (byId === bySlug || (query.slug !== undefined && query.type !== "guide")) {
    ctx.addIssue({ code: "custom", message: BACKLINK_TARGET_MESSAGE, path: [byId || query.slug === undefined ? "id" : "slug"] });
  }
});

/** GET /api/wiki/broken-links: every link a reader sees as "Page not found", or that is ambiguous. */
export const brokenLinksQuerySchema = strictQuery({
  reason: queryEnum("Reason", BROKEN_REASONS),
  ...pagingQuery(50, 100),
});

/** POST /api/wiki/preview: a body as readers will see it, with the editor's warnings. */
export const wikiPreviewSchema = z.object({
  content: requiredText("Content is required", "Content", GAMEINFO_LIMITS.content),
});

export type Backlink = { type: "guide" | "news"; id: number; title: string; path: string; isPublished: boolean; embeds: boolean };
export type BrokenLink = {
  source: { type: "guide" | "news"; id: number; title: string; path: string };
  text: string;
  ref: string;
  reason: (typeof BROKEN_REASONS)[number];
};
