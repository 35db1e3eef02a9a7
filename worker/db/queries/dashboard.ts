import { desc, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { facetCounts, newsArticles, users } from "../schema";
import { kept } from "./game-counts";
import { ALL_ITEMS, STATE_COUNTS } from "./media/list";

/** How many recent users and articles the dashboard lists. */
export const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The kept lists the totals come from (facet_counts, migration 0020): members (users not
 * deleted) by state and per role, and every article by state. A few rows, whatever the site's size.
 */
const TOTAL_LISTS = ["users_state", "user_role", "news_state"];

/** Dashboard stats in one batch: one D1 round trip. */
export async function dashboardStats(db: Database) {
  const [totals, recentUsers, recentNews, pendingMedia] = await db.batch([
    db.select({ list: facetCounts.list, value: facetCounts.value, n: facetCounts.n }).from(facetCounts).where(inArray(facetCounts.list, TOTAL_LISTS)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(isNull(users.deletedAt))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(RECENT_ACTIVITY_LIMIT),
    db
      .select({
        id: newsArticles.id,
        title: newsArticles.title,
        author: newsArticles.author,
        isPublished: newsArticles.isPublished,
        createdAt: newsArticles.createdAt,
      })
      .from(newsArticles)
      .orderBy(desc(newsArticles.createdAt), desc(newsArticles.id))
      .limit(RECENT_ACTIVITY_LIMIT),
    // The moderation queue: media items waiting for a moderator (their kept total, migration 0021).
    db.select({ pending: kept(STATE_COUNTS.pending, ALL_ITEMS).as("pending") }).from(sql`(SELECT 1)`),
  ]);
  const total = (list: string, value: string) => totals.find((r) => r.list === list && r.value === value)?.n ?? 0;
  const [active, inactive] = [total("users_state", "active"), total("users_state", "inactive")];
  const [published, drafts] = [total("news_state", "published"), total("news_state", "draft")];
  return {
    users: { total: active + inactive, active, admins: total("user_role", "Admin"), moderators: total("user_role", "Moderator") },
    news: { total: published + drafts, published, drafts },
    media: { pending: pendingMedia[0]?.pending ?? 0 },
    recentActivity: { users: recentUsers, news: recentNews },
  };
}

