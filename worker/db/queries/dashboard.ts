import { count, desc, isNull, sql } from "drizzle-orm";
import type { Database } from "../../env";
import { newsArticles, userRoles, users } from "../schema";
import { kept } from "./game-counts";
import { ALL_ITEMS, STATE_COUNTS } from "./media";

/** How many recent users and articles the dashboard lists. */
export const RECENT_ACTIVITY_LIMIT = 5;

/** Aliased: D1 returns columns by name, so two identical expressions would collide. */
const roleCount = (role: "Admin" | "Moderator") =>
  sql<number>`(SELECT count(DISTINCT ${userRoles.userId}) FROM ${userRoles} WHERE ${userRoles.role} = ${role})`.as(
    `${role.toLowerCase()}_count`,
  );

/** Dashboard stats in one batch: one D1 round trip. */
export async function dashboardStats(db: Database) {
  const [userCounts, newsCounts, recentUsers, recentNews, pendingMedia] = await db.batch([
    db
      .select({
        total: count(),
        active: sql<number>`coalesce(sum(${users.isActive}), 0)`,
        admins: roleCount("Admin"),
        moderators: roleCount("Moderator"),
      })
      .from(users)
      .where(isNull(users.deletedAt)),
    db
      .select({ total: count(), published: sql<number>`coalesce(sum(${newsArticles.isPublished}), 0)` })
      .from(newsArticles),
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
  const u = userCounts[0]!;
  const n = newsCounts[0]!;
  return {
    users: { total: u.total, active: Number(u.active), admins: Number(u.admins), moderators: Number(u.moderators) },
    news: { total: n.total, published: Number(n.published), drafts: n.total - Number(n.published) },
    media: { pending: pendingMedia[0]?.pending ?? 0 },
    recentActivity: { users: recentUsers, news: recentNews },
  };
}

