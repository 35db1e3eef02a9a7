import { z } from "zod";
import { WIKI_TYPES } from "../wiki-syntax";
import { GAMEINFO_LIMITS } from "./gameinfo";
import { requiredText } from "./game-input";
import { queryEnum } from "./game-query";
import { blankAsUndefined, idParamSchema, pagingQuery, strictQuery } from "./query";

/** What a broken link is broken by (the moderators' list can show one kind). */
export const BROKEN_REASONS = ["missing", "hidden", "ambiguous"] as const;

/** GET /api/backlinks?type=unit&id=12: the guides and news that link to or embed a record. */
export const backlinksQuerySchema = strictQuery({
  type: z.preprocess(blankAsUndefined, z.enum(WIKI_TYPES, { error: `Type must be one of: ${WIKI_TYPES.join(", ")}.` })),
  id: idParamSchema.shape.id,
  ...pagingQuery(20, 100),
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
