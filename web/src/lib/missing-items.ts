/**
 * What a page says when the item its URL names does not exist (or is not published, for guests):
 * "Unit Not Found" and the like. One entry per page type, shown by MissingItemView
 * (web/src/components/missing-item.tsx), which also declares the page's metadata and its 404.
 */
import { paths } from "@shared/paths";

export type MissingItem = {
  title: string;
  /** The page's meta description (never indexed). */
  description: string;
  /** The sentence under the title. */
  lead: string;
  /** The primary way on. */
  back: { to: string; label: string };
  /** A "Go Back" button before it (history back; the news article's pattern). */
  goBack?: boolean;
};

export const MISSING_ITEMS = {
  newsArticle: {
    title: "Article Not Found",
    description: "This news article does not exist or is no longer available.",
    lead: "The article you are looking for does not exist or has been removed.",
    back: { to: paths.news(), label: "View All News" },
    goBack: true,
  },
  faction: {
    title: "Faction Not Found",
    description: "This faction does not exist.",
    lead: "The faction you are looking for does not exist or has been removed.",
    back: { to: paths.factions(), label: "Back to Factions" },
  },
  gameInfoArticle: {
    title: "Article Not Found",
    description: "This game-info article does not exist or is not published.",
    lead: "The article you are looking for does not exist or has been removed.",
    back: { to: paths.gameInfo(), label: "Back to Game Info" },
  },
  unit: {
    title: "Unit Not Found",
    description: "This unit does not exist or is no longer available.",
    lead: "This unit does not exist or is no longer available.",
    back: { to: paths.factions(), label: "Back to Factions" },
  },
  hero: {
    title: "Hero Not Found",
    description: "This hero does not exist or is no longer available.",
    lead: "This hero does not exist or is no longer available.",
    back: { to: paths.factions(), label: "Back to Factions" },
  },
  spell: {
    title: "Spell Not Found",
    description: "This spell does not exist or is no longer available.",
    lead: "This spell does not exist or is no longer available.",
    back: { to: paths.spells(), label: "Open the Spell Book" },
  },
} as const satisfies Record<string, MissingItem>;
