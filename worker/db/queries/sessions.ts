import type { Role } from "../schema";

export type SessionPrincipal = {
  userId: number;
  email: string;
  roles: Role[];
  sessionId: string;
};

/**
 * Looks up a session and its user in one indexed D1 read. Answers null unless the session
 * exists, is not revoked or expired, matches the token's generation (refresh rotates it) and
 * belongs to an active user. Roles come from the same read, so role changes apply at once.
 */
export async function findActiveSession(
  d1: D1Database,
  sessionId: string,
  generation: number,
  userId: number,
): Promise<SessionPrincipal | null> {
  const row = await d1
    .prepare(
      `SELECT u.id AS userId, u.email AS email,
              (SELECT group_concat(role) FROM user_roles WHERE user_id = u.id) AS roles
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ?1 AND s.generation = ?2 AND s.user_id = ?3
          AND s.revoked_at IS NULL
          AND s.expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          AND u.is_active = 1`,
    )
    .bind(sessionId, generation, userId)
    .first<{ userId: number; email: string; roles: string | null }>();
  if (!row) return null;
  return {
    userId: row.userId,
    email: row.email,
    roles: (row.roles ? row.roles.split(",") : []) as Role[],
    sessionId,
  };
}
