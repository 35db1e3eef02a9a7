/**
 * Versioned writes of the records that had none before (worker/db/queries/versioned.ts, ADR
 * 0051): media items, media categories and the site settings. A PUT carries the `updatedAt` it
 * was based on; a stale one is 409 stale_version with the stored record as GET answers it, and
 * changes nothing (no row, no audit row, no new edge-cache generation).
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { getCategory, updateCategory } from "../../worker/db/queries/media/categories";
import { storedEdgeGeneration } from "../../worker/lib/edge-cache";
import { call, resetSettings, setSettings, userWithToken } from "./helpers";

type Json = Record<string, unknown>;

let moderator = "";
let admin = "";
let categoryId = 0;

beforeAll(async () => {
  moderator = (await userWithToken(["User", "Moderator"])).token;
  admin = (await userWithToken(["User", "Admin"])).token;
  // A stored settings row to be based on.
  await setSettings({ siteDescription: "Versioned." });
  const cat = await env.DB.prepare(
    "INSERT INTO media_categories (name, slug, color, sort_order) VALUES ('Versioned', 'versioned-main', '#EF4444', 3) RETURNING id",
  ).first<{ id: number }>();
  categoryId = cat!.id;
});

afterAll(async () => {
  await resetSettings();
});

const insertCategory = async () => {
  const row = await env.DB.prepare(
    "INSERT INTO media_categories (name, slug, color, sort_order) VALUES ('Cat', 'cat-' || lower(hex(randomblob(4))), '#3B82F6', 1) RETURNING id",
  ).first<{ id: number }>();
  return row!.id;
};

const insertItem = async () => {
  const row = await env.DB.prepare(
    `INSERT INTO media_items (title, description, media_type, category_id, is_approved, original_url, thumbnail_status)
     VALUES ('Versioned item', 'About it', 'image', ?1, 1, 'https://video.example.com/v.jpg', 'ready') RETURNING id`,
  )
    .bind(categoryId)
    .first<{ id: number }>();
  return row!.id;
};

/** A record under test: where it is read and written, who may, and its editable body. */
type Subject = {
  name: string;
  /** Creates one and answers its API path and audit entity. */
  make(): Promise<{ path: string; entityType: string; entityId: string }>;
  token(): string;
  /** The PUT body of the fields read (without the version), with one changed by `label`. */
  body(read: Json, label: string): Json;
  /** The field `body` changes. */
  field: string;
};

const SUBJECTS: Subject[] = [
  {
    name: "a media item (PUT /api/media/{id})",
    make: async () => {
      const id = await insertItem();
      return { path: `/api/media/${id}`, entityType: "media", entityId: String(id) };
    },
    token: () => moderator,
    body: (r, label) => ({
      title: label,
      description: r.description,
      mediaType: r.mediaType,
      altText: r.altText,
      caption: r.caption,
      tags: r.tags,
      categoryId: r.categoryId,
      factionId: r.factionId,
      isApproved: r.isApproved,
      isFeatured: r.isFeatured,
      sortOrder: r.sortOrder,
    }),
    field: "title",
  },
  {
    name: "a media category (PUT /api/media/categories/{id})",
    make: async () => {
      const id = await insertCategory();
      return { path: `/api/media/categories/${id}`, entityType: "media_category", entityId: String(id) };
    },
    token: () => admin,
    body: (r, label) => ({
      name: label,
      description: r.description,
      slug: r.slug,
      color: r.color,
      iconUrl: r.iconUrl,
      sortOrder: r.sortOrder,
      isActive: r.isActive,
    }),
    field: "name",
  },
  {
    name: "the site settings (PUT /api/settings)",
    make: async () => ({ path: "/api/settings", entityType: "site_settings", entityId: "1" }),
    token: () => admin,
    body: (r, label) => {
      const { updatedAt: _version, ...rest } = r;
      return { ...rest, siteName: label };
    },
    field: "siteName",
  },
];

const read = async (path: string, token: string) => {
  const res = await call(path, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
};

const put = (path: string, token: string, json: Json) => call(path, { method: "PUT", token, json });

const auditCount = async (entityType: string, entityId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE entity_type = ?1 AND entity_id = ?2")
    .bind(entityType, entityId)
    .first<{ n: number }>())!.n;

const generation = async () => (await storedEdgeGeneration())?.id ?? null;

describe.each(SUBJECTS)("versioned writes of $name", (subject) => {
  it("a write based on the stored version succeeds and bumps it; a second write based on the same version is 409 stale_version with the stored record, and changes nothing", async () => {
    {
      const { path, entityType, entityId } = await subject.make();
      const token = subject.token();
      const loaded = await read(path, token);

      const first = await put(path, token, { ...subject.body(loaded, "First save"), updatedAt: loaded.updatedAt });
      expect(first.status).toBe(200);
      const saved = (await first.json()) as Json;
      expect(saved[subject.field]).toBe("First save");
      expect(typeof saved.updatedAt).toBe("string");
      expect(Date.parse(saved.updatedAt as string)).toBeGreaterThan(Date.parse(loaded.updatedAt as string));

      const audits = await auditCount(entityType, entityId);
      const gen = await generation();
      const second = await put(path, token, { ...subject.body(loaded, "Second save"), updatedAt: loaded.updatedAt });
      expect(second.status).toBe(409);
      const body = (await second.json()) as { code: string; current: Json };
      expect(body.code).toBe("stale_version");
      const stored = await read(path, token);
      // `current` is the stored record as GET answers it, and the stored record is the first save.
      expect(body.current).toEqual(stored);
      expect(stored[subject.field]).toBe("First save");
      expect(stored.updatedAt).toBe(saved.updatedAt);
      expect(await auditCount(entityType, entityId)).toBe(audits);
      expect(await generation()).toBe(gen);

      // Based on the version the 409 answered ("keep mine"), it is saved.
      const again = await put(path, token, { ...subject.body(loaded, "Second save"), updatedAt: body.current.updatedAt });
      expect(again.status).toBe(200);
      expect(((await again.json()) as Json)[subject.field]).toBe("Second save");
    }
  });

  it("two writes based on the same version sent at once: one is saved, the other is 409 stale_version", async () => {
    const { path } = await subject.make();
    const token = subject.token();
    const loaded = await read(path, token);
    const [a, b] = await Promise.all(
      ["Writer A", "Writer B"].map((label) => put(path, token, { ...subject.body(loaded, label), updatedAt: loaded.updatedAt })),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const winner = a!.status === 200 ? "Writer A" : "Writer B";
    expect((await read(path, token))[subject.field]).toBe(winner);
  });

  it("a write without a version is based on the record as stored when it arrives (200)", async () => {
    const { path } = await subject.make();
    const token = subject.token();
    const loaded = await read(path, token);
    const res = await put(path, token, subject.body(loaded, "No version"));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json)[subject.field]).toBe("No version");
  });

  it("a version that is not text is 400 and changes nothing", async () => {
    const { path } = await subject.make();
    const token = subject.token();
    const loaded = await read(path, token);
    const res = await put(path, token, { ...subject.body(loaded, "Bad version"), updatedAt: 42 });
    expect(res.status).toBe(400);
    expect(await read(path, token)).toEqual(loaded);
  });
});

describe("settings never saved", () => {
  it("a write based on the defaults (updatedAt null) is 409 stale_version once the settings are stored", async () => {
    const current = await read("/api/settings", admin);
    expect(current.updatedAt).not.toBeNull();
    const { updatedAt: _version, ...rest } = current;
    const res = await put("/api/settings", admin, { ...rest, siteName: "Based on defaults", updatedAt: null });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; current: Json };
    expect(body.code).toBe("stale_version");
    expect(body.current).toEqual(current);
  });
});

describe("two writers in the same millisecond (the same new stamp)", () => {
  const T = new Date("2030-01-01T00:00:00.000Z");

  it("the one whose write matched nothing is stale, not saved, and adds no audit row", async () => {
    const db = openDatabase(env.DB);
    const id = await insertCategory();
    const before = (await getCategory(db, id, false))!;
    // Writer A saved with the stamp writer B is about to compute (the clock stands at T).
    await env.DB.prepare("UPDATE media_categories SET name = 'Writer A', updated_at = ?1 WHERE id = ?2").bind(T.toISOString(), id).run();
    const audits = await auditCount("media_category", String(id));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T);
    try {
      const written = await updateCategory(db, before, { ...before, name: "Writer B", iconUrl: null }, 1);
      expect(written).toMatchObject({ ok: false, kind: "stale", current: { name: "Writer A", updatedAt: T.toISOString() } });
    } finally {
      vi.useRealTimers();
    }
    expect(await auditCount("media_category", String(id))).toBe(audits);
  });
});
