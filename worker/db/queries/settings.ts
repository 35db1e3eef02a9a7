import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { DEFAULT_SITE_SETTINGS, imageHostsSchema, type SiteSettings, type SiteSettingsDto } from "../../../shared/schemas/settings";
import { auditLog, siteSettings } from "../schema";
import { beforeAndAfter } from "../audit-details";
import { bindingOf } from "../session";
import { guarded, isStale, nextStamp, sameStamp, stampedId, type StaleOrMissing } from "./versioned";

/**
 * How long an isolate trusts the settings it read. Public requests then cost no D1 round trip
 * for settings in the steady state, and a change made through another isolate takes effect
 * within this time (the isolate that saved it sees it at once).
 */
export const SETTINGS_CACHE_MS = 5_000;

type Entry = { value: SiteSettingsDto; expires: number };

/** Keyed by the D1 binding, so two databases (test files, environments) never share an entry. */
const cache = new WeakMap<object, Entry>();

type Row = typeof siteSettings.$inferSelect;

const GLOBAL_KEY = {};
/** Drizzle's D1 handle keeps the binding as `$client` (present at run time, not in our type). */
const keyOf = (db: Database): object => {
  const client = (db as Database & { $client?: object }).$client;
  // A request's D1 session (worker/db/session.ts) shares its binding's entry.
  return client ? bindingOf(client) : GLOBAL_KEY;
};

/** The stored JSON list of image hosts; anything that is not a list of hostnames is none. */
const parseImageHosts = (json: string): string[] => {
  try {
    const parsed = imageHostsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

const toDto = (row: Row | undefined): SiteSettingsDto =>
  row
    ? {
        siteName: row.siteName,
        siteDescription: row.siteDescription,
        enableComments: row.enableComments,
        moderateComments: row.moderateComments,
        enableRegistration: row.enableRegistration,
        requireEmailVerification: row.requireEmailVerification,
        maxFileUploadSize: row.maxFileUploadSize,
        maintenanceMode: row.maintenanceMode,
        maintenanceMessage: row.maintenanceMessage,
        imageHosts: parseImageHosts(row.imageHosts),
        updatedAt: row.updatedAt,
      }
    : { ...DEFAULT_SITE_SETTINGS, updatedAt: null };

/** The statement that reads the settings row (for callers that batch it with their own reads). */
export const settingsRowQuery = (db: Database) => db.select().from(siteSettings).where(eq(siteSettings.id, 1));

/** Remembers settings read as part of another batch. */
export function rememberSettings(db: Database, rows: Row[]): SiteSettingsDto {
  const value = toDto(rows[0]);
  cache.set(keyOf(db), { value, expires: Date.now() + SETTINGS_CACHE_MS });
  return value;
}

/** The cached settings if still fresh (no D1 read), else undefined. */
export function cachedSettings(db: Database): SiteSettingsDto | undefined {
  const hit = cache.get(keyOf(db));
  return hit && hit.expires > Date.now() ? hit.value : undefined;
}

/**
 * The site settings (defaults while no row exists). Read once per isolate every few seconds;
 * other modules (uploads: maxFileUploadSize in MB) call this too.
 */
export async function getSettings(db: Database): Promise<SiteSettingsDto> {
  return cachedSettings(db) ?? rememberSettings(db, await settingsRowQuery(db).all());
}

/** The settings as stored now (read from D1, not the isolate's copy), remembered. */
const readSettings = async (db: Database) => rememberSettings(db, await settingsRowQuery(db).all());

/**
 * Writes the whole settings row and its audit entry in one batch, a versioned write
 * (./versioned.ts): `version` is the `updatedAt` the admin's form was based on (null: the
 * defaults, never saved; undefined: the settings as stored now). Stale, with the stored
 * settings, when someone saved in between; the cache takes the new value.
 */
export async function saveSettings(
  db: Database,
  actorId: number,
  input: SiteSettings,
  version?: string | null,
): Promise<{ ok: true; value: SiteSettingsDto } | StaleOrMissing<SiteSettingsDto>> {
  const before = await readSettings(db);
  if (isStale(version, before.updatedAt)) return { ok: false, kind: "stale", current: before };
  const stamp = nextStamp(before.updatedAt);
  // Lists compare by their JSON.
  const same = (k: keyof SiteSettings) => JSON.stringify(input[k]) === JSON.stringify(before[k]);
  const changed = Object.fromEntries((Object.keys(input) as (keyof SiteSettings)[]).filter((k) => !same(k)).map((k) => [k, input[k]]));
  const row = { ...input, imageHosts: JSON.stringify(input.imageHosts) };
  const written = await guarded(
    () =>
      db.batch([
        // The first save inserts the row (none may exist meanwhile); later ones update the version read.
        before.updatedAt === null
          ? db.insert(siteSettings).values({ id: 1, ...row, updatedAt: stamp }).onConflictDoNothing().returning()
          : db.update(siteSettings).set({ ...row, updatedAt: stamp }).where(sameStamp(siteSettings, 1, before.updatedAt)).returning(),
        db.insert(auditLog).values({
          userId: actorId,
          action: "update",
          entityType: "site_settings",
          entityId: sql`CAST(${stampedId(siteSettings, 1, stamp)} AS TEXT)`,
          details: JSON.stringify(beforeAndAfter(before, changed)),
          createdAt: stamp,
        }),
      ]),
    () => readSettings(db),
  );
  return written.ok ? { ok: true, value: rememberSettings(db, written.value[0]) } : written;
}

