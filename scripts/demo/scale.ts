/**
 * The demo world at N times its size (`npm run db:seed -- --scale 100`): generated factions,
 * units, heroes, spells, news, media records, members and years of change history and audit
 * rows, on top of the demo content (docs/scaling.md §"The world at 100×").
 *
 * At --scale 100: 60 factions, 6,000 units, 1,500 heroes, 2,000 spells, 20,000 news articles,
 * 50,000 media items, 10,000 members, 100,000 change-history and 100,000 audit rows (demo rows
 * included); other factors scale the same targets linearly. Names and text come from word lists
 * through a seeded PRNG, so a run is reproducible. Pictures reuse the files the demo seed stored
 * (faction art, portraits, news headers, the media items' renditions with their thumbnails), so
 * every page renders.
 *
 * Generated rows take ids from SCALE_ID_BASE up; the demo rows (ids below it) are never touched.
 * A world that wrote audit rows can't be replaced in place (the audit log is append-only): a second
 * run over it stops before writing anything (deleteScaleRows).
 */
import { prng } from "./images.ts";
import { spellEffects } from "./spells.ts";

type Stmt = { bind(...values: unknown[]): Stmt; all<T = Record<string, unknown>>(): Promise<{ results: T[] }> };
type Database = { prepare(sql: string): Stmt; batch(statements: Stmt[]): Promise<unknown[]> };

export const SCALE_ID_BASE = 1_000_000;

/** Totals at --scale 100 (demo rows included). */
const TARGETS_AT_100 = {
  factions: 60,
  units: 6_000,
  heroes: 1_500,
  spells: 2_000,
  news: 20_000,
  media: 50_000,
  members: 10_000,
  history: 100_000,
  audit: 100_000,
};

type Counts = typeof TARGETS_AT_100;

/** Rows to generate for `factor` given what the demo seed already wrote. */
export function scaleTargets(factor: number, demo: Pick<Counts, "factions" | "units" | "heroes" | "spells" | "news" | "media" | "members">): Counts {
  const total = (n: number) => Math.round((n * factor) / 100);
  const extra = (key: keyof Counts) => Math.max(0, total(TARGETS_AT_100[key]) - (key in demo ? demo[key as keyof typeof demo] : 0));
  return {
    factions: extra("factions"),
    units: extra("units"),
    heroes: extra("heroes"),
    spells: extra("spells"),
    news: extra("news"),
    media: extra("media"),
    members: extra("members"),
    history: extra("history"),
    audit: extra("audit"),
  };
}

// ---------------------------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------------------------

const ADJECTIVES = ["Iron", "Amber", "Hollow", "Silver", "Ashen", "Verdant", "Gilded", "Frost", "Storm", "Crimson", "Obsidian", "Pale", "Sunken", "Thorned", "Radiant", "Shrouded", "Copper", "Azure", "Wild", "Ember", "Golden", "Grey", "Moonlit", "Salt", "Sable", "Bright", "Deep", "Ivory", "Broken", "Eternal"];
const FACTION_NOUNS = ["Covenant", "Dominion", "Brotherhood", "Syndicate", "League", "Conclave", "Tribes", "Legion", "Order", "Clans", "Court", "Pact", "Assembly", "Marches", "Host", "Circle", "Republic", "Kingdom"];
const PLACES = ["the North Reach", "the Glass Coast", "the Emberfall", "Mount Osric", "the Drowned Vale", "the Anvil Range", "the Heartwood", "the Salt Flats", "the Seven Towns", "the Black Fen", "the High Passes", "the Eclipse Isles", "the Ashen Steppe", "the River Lands", "the Old Kingdom", "the Frozen March"];
const UNIT_NOUNS = ["Spearman", "Archer", "Knight", "Golem", "Wyvern", "Shaman", "Sentinel", "Raider", "Hound", "Drake", "Guardian", "Stalker", "Lancer", "Seer", "Titan", "Wraith", "Ranger", "Berserker", "Elemental", "Griffin", "Brute", "Skirmisher", "Warden", "Colossus", "Harpy", "Templar", "Marauder", "Treant", "Basilisk", "Phoenix", "Cultist", "Hussar", "Slinger", "Mystic", "Behemoth", "Sprite"];
const UNIT_TYPES = ["Infantry", "Ranged", "Cavalry", "Flying", "Magic"] as const;
const ABILITIES = ["First strike", "No retaliation", "Regeneration", "Fire immunity", "Double attack", "Fear", "Charge", "Shoots twice", "Magic resistance 20%", "Flying", "Life drain", "Stone gaze", "Breath attack", "Aura of courage", "Poison", "Curse on hit"];
const FIRST_NAMES = ["Ada", "Bram", "Cora", "Dain", "Elsa", "Finn", "Greta", "Hal", "Ilse", "Jory", "Kara", "Lorn", "Mira", "Nils", "Orla", "Pell", "Quin", "Rhea", "Sven", "Tova", "Ulric", "Vera", "Wren", "Yara", "Zeph", "Alden", "Brisa", "Cedric", "Dagny", "Edric", "Fiora", "Gideon", "Hilde", "Ivo", "Junia", "Kestrel", "Lysa", "Magnus", "Nessa", "Osric"];
const LAST_NAMES = ["Thornwell", "Vell", "Ashdown", "Brightwater", "Coldmere", "Dunmore", "Everhart", "Fairweather", "Greycloak", "Hollowell", "Ironside", "Kettleby", "Larkspur", "Marrow", "Northcott", "Oakheart", "Pennywhistle", "Quarry", "Ravensworth", "Stormwright", "Tidewell", "Underhill", "Vantross", "Whitlock", "Yarrow"];
const HERO_TITLES = ["the Unbroken", "the Wanderer", "Flamebearer", "the Grey", "of the Long Watch", "Stormcaller", "the Patient", "Oathkeeper", "the Red", "Tidecaller", "the Silent", "Lightbringer", "the Bold", "Runeseeker", "the Elder"];
const HERO_CLASSES = { Might: ["Knight", "Warlord", "Ranger", "Captain"], Magic: ["Wizard", "Cleric", "Warlock", "Druid"], Hybrid: ["Battle Mage", "Paladin", "Spellblade", "Witch Hunter"] } as const;
const SPELL_SCHOOLS = ["Earth", "Air", "Fire", "Water", "Light", "Dark"] as const;
const SPELL_WORDS = { Earth: ["Stone", "Quake", "Root", "Granite", "Sand"], Air: ["Gale", "Spark", "Cloud", "Wind", "Thunder"], Fire: ["Flame", "Ember", "Inferno", "Cinder", "Blaze"], Water: ["Tide", "Frost", "Mist", "Wave", "Ice"], Light: ["Dawn", "Halo", "Sun", "Blessing", "Ward"], Dark: ["Shadow", "Hex", "Plague", "Night", "Doom"] } as const;
const SPELL_FORMS = ["Bolt", "Shield", "Storm", "Ward", "Curse", "Lance", "Veil", "Nova", "Chain", "Touch", "Wall", "Rain", "Mark", "Surge", "Prison"];
const SPELL_TYPES = ["Combat", "Adventure", "Global"] as const;
const SPELL_TARGETS = ["Single", "Area", "All", "Self"] as const;
const SPELL_DURATIONS = ["Instant", "Combat", "Permanent", "Turns"] as const;
const NEWS_KINDS = [
  (f: string, n: number) => `Patch ${1 + (n % 9)}.${n % 17}: ${f} changes`,
  (f: string) => `Faction spotlight: ${f}`,
  (f: string, n: number) => `Tournament report: week ${1 + (n % 52)} in ${f} lands`,
  (f: string) => `Community guide: opening moves with the ${f}`,
  (f: string, n: number) => `Developer diary #${n % 300}: the art of the ${f}`,
  (f: string) => `Balance notes: what changes for the ${f}`,
  (_f: string, n: number) => `Map of the month: ${PLACES[n % PLACES.length]}`,
];
const TAGS = ["patch", "balance", "strategy", "community", "tournament", "faction-spotlight", "art", "maps", "dev-diary", "guide", "event", "lore", "bugfix", "modding", "esports"];
const SENTENCES = [
  "The change lands in the next patch and affects every ranked map.",
  "Players on the forum asked for this for months, and the team listened.",
  "Early tests show the faction holding its own against every other alignment.",
  "Scouting matters more than ever: the first week decides most games.",
  "A well-timed spell can turn a close fight into a rout.",
  "The new dwelling costs less wood but more ore, so plan your mines.",
  "Heroes of the Might type gain an extra point of attack at level ten.",
  "Thanks to everyone who sent us save files and replays.",
  "Tell us what you think in the forum or in the comments below.",
  "Full notes are in the Game Info section, with every number that moved.",
  "The artists redrew the town screen from scratch for this release.",
  "Tournament organisers can already use the new rules this weekend.",
  "Upgraded units now keep their morale bonus after a retreat.",
  "The adventure map AI no longer wastes movement points near water.",
  "Spell costs of the fifth level were lowered by two mana points.",
];

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** Art the demo seed stored, reused by the generated rows. */
export type DemoArt = {
  factions: { logoUrl: string | null; backgroundUrl: string | null; bannerUrl: string | null }[];
  unitPortraits: (string | null)[];
  heroPortraits: (string | null)[];
  newsImages: (string | null)[];
  media: { original_key: string | null; large_key: string | null; large_webp_key: string | null; thumbnail_key: string | null; thumbnail_webp_key: string | null; width: number | null; height: number | null; file_size: number; is_approved: number }[];
  categoryIds: number[];
  demoFactionIds: number[];
  /** Ids of demo accounts that may write (admin, moderator). */
  editorIds: number[];
  /** Names of the demo spells (spell names are unique). */
  spellNames: string[];
};

/** A table's generated rows: its columns and each row's values in that order. */
export type TableRows = { table: string; columns: string[]; rows: unknown[][] };

const DAY = 86_400_000;

/** Builds every generated row (ids from SCALE_ID_BASE), table by table in insert order. */
export function buildScaleRows(counts: Counts, art: DemoArt, passwordHash: string, now = Date.now()): TableRows[] {
  const rand = prng(`scale:${JSON.stringify(counts)}`);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const one = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const at = (n: number, list: readonly unknown[]) => list[n % list.length];
  /** An ISO time up to `days` days back, skewed towards recent (sites grow). */
  const past = (days: number) => new Date(now - Math.floor(days * DAY * rand() ** 1.6)).toISOString();
  const id = (i: number) => SCALE_ID_BASE + i;
  const out: TableRows[] = [];

  // Members: one password hash for all (the demo password: local data only).
  const members: unknown[][] = [];
  const roles: unknown[][] = [];
  const moderators: number[] = [...art.editorIds];
  for (let i = 0; i < counts.members; i++) {
    const first = one(FIRST_NAMES);
    const last = one(LAST_NAMES);
    const created = past(6 * 365);
    members.push([id(i), `${first}.${last}.${i}@members.example`.toLowerCase(), passwordHash, first, last, created, created, rand() < 0.7 ? past(90) : null]);
    const moderator = i % 500 === 0;
    roles.push([id(i), moderator ? "Moderator" : "User"]);
    if (moderator) moderators.push(id(i));
  }
  out.push({ table: "users", columns: ["id", "email", "password_hash", "first_name", "last_name", "created_at", "updated_at", "last_login_at"], rows: members });
  out.push({ table: "user_roles", columns: ["user_id", "role"], rows: roles });
  const memberId = () => (counts.members ? id(int(0, counts.members - 1)) : one(art.editorIds));
  const editor = () => one(moderators);
  const nameOf = (uid: number) => (uid >= SCALE_ID_BASE ? `${members[uid - SCALE_ID_BASE]![3]} ${members[uid - SCALE_ID_BASE]![4]}` : "Realm Codex team");

  // Factions: adjective + noun, unique.
  const factionIds: number[] = [...art.demoFactionIds];
  const factionNames: string[] = [];
  const factions: unknown[][] = [];
  for (let i = 0; i < counts.factions; i++) {
    const name = `${at(i, ADJECTIVES)} ${at(i * 7 + Math.floor(i / ADJECTIVES.length), FACTION_NOUNS)}${i >= ADJECTIVES.length * 2 ? ` of ${at(i, PLACES)}` : ""}`;
    const place = at(i * 3, PLACES) as string;
    const a = art.factions[i % art.factions.length]!;
    factions.push([
      id(i), name, at(i, ["Order", "Chaos", "Neutral"]),
      `The ${name} holds ${place} by ${one(["oath", "fire", "trade", "faith", "steel", "cunning"])} and ${one(["patience", "numbers", "magic", "speed", "stubbornness"])}.`,
      `${one(SENTENCES)} ${one(SENTENCES)}\n\nThe ${name} rose in ${place} after the Long Dusk. ${one(SENTENCES)}`,
      `${one(ABILITIES)} for every unit of the ${name}.`,
      a.logoUrl, a.backgroundUrl, a.bannerUrl,
      `${int(10, 30) * 100} Gold, ${int(5, 25)} Wood, ${int(5, 25)} Ore`,
      `+1 ${one(["Morale", "Luck", "Speed"])} for all units.`,
      100 + i, i % 27 === 26 ? 0 : 1, past(5 * 365),
    ]);
    factionIds.push(id(i));
    factionNames.push(name);
  }
  out.push({
    table: "factions",
    columns: ["id", "name", "alignment", "summary", "description", "specialty", "logo_url", "background_url", "banner_url", "starting_resources", "faction_bonuses", "sort_order", "is_active", "created_at"],
    rows: factions,
  });
  const scaleFactions = factionIds.slice(art.demoFactionIds.length);
  const factionName = (fid: number) => (fid >= SCALE_ID_BASE ? factionNames[fid - SCALE_ID_BASE]! : "the realm");

  // Units: per generated faction, base units in tiers 1..7 with two upgrades each.
  const units: unknown[][] = [];
  const perFaction = scaleFactions.length ? Math.ceil(counts.units / scaleFactions.length) : 0;
  for (let f = 0; f < scaleFactions.length && units.length < counts.units; f++) {
    const fid = scaleFactions[f]!;
    for (let k = 0; k < perFaction && units.length < counts.units; k += 3) {
      const base = Math.floor(k / 3);
      const tier = 1 + (base % 7);
      const type = one(UNIT_TYPES);
      const baseName = `${at(f + base, ADJECTIVES)} ${at(f * 5 + base, UNIT_NOUNS)}`;
      const baseId = id(units.length);
      for (let level = 0; level < 3 && units.length < counts.units && k + level < perFaction; level++) {
        const grow = 1 + 0.15 * level;
        const name = level === 0 ? baseName : `${level === 1 ? "Veteran" : "Elite"} ${baseName}`;
        const min = Math.max(1, Math.round(tier * 2 * grow));
        units.push([
          id(units.length), fid, level ? baseId : null, name,
          `${name} of the ${factionName(fid)}. ${one(SENTENCES)}`,
          `Tier ${tier} ${type.toLowerCase()} of the ${factionName(fid)}${level ? ` (upgrade ${level})` : ""}.`,
          tier, Math.round((tier * 90 * (1 + 0.3 * level)) / 5) * 5,
          Math.round((tier * 2 + int(0, 3)) * grow), Math.round((tier * 2 + int(0, 3)) * grow), min, min + int(1, tier * 2),
          Math.round(tier * tier * 6 * grow) + int(0, 10), int(3, 9) + level, int(5, 14) + level, int(0, 1), int(0, 1),
          type, level, level ? 1 : 0, Math.max(1, 14 - tier * 2),
          JSON.stringify([one(ABILITIES), ...(level === 2 ? [one(ABILITIES)] : [])]),
          at(units.length, art.unitPortraits), units.length % 97 === 96 ? 0 : 1,
        ]);
      }
    }
  }
  out.push({
    table: "units",
    columns: ["id", "faction_id", "base_unit_id", "name", "description", "summary", "tier", "cost", "attack", "defense", "min_damage", "max_damage", "health", "speed", "initiative", "morale", "luck", "unit_type", "upgrade_level", "is_upgraded", "weekly_growth", "special_abilities", "portrait_url", "is_active"],
    rows: units,
  });

  // Spells: school word + form (+ "of <place>" and a numeral once the plain names run out).
  const spells: unknown[][] = [];
  const spellNames = new Set<string>(art.spellNames);
  for (let i = 0; spells.length < counts.spells; i++) {
    const school = at(i, SPELL_SCHOOLS) as (typeof SPELL_SCHOOLS)[number];
    const form = at(Math.floor(i / 6), SPELL_FORMS);
    const word = at(Math.floor(i / 90), SPELL_WORDS[school]);
    const round = Math.floor(i / 450);
    const name = `${word} ${form}${round ? ` of ${at(round - 1, PLACES)}` : ""}${i >= 450 * (PLACES.length + 1) ? ` ${i}` : ""}`;
    if (spellNames.has(name)) continue;
    spellNames.add(name);
    const level = 1 + (i % 5);
    const description = `${name}: ${one(SENTENCES)}`;
    const manaCost = level * 5 + int(0, 10);
    const basePower = level * 10 + int(0, 20);
    const [type, target, duration] = [one(SPELL_TYPES), one(SPELL_TARGETS), one(SPELL_DURATIONS)];
    const isCommon = rand() < 0.1 ? 1 : 0;
    const effects = spellEffects(one(["damage", "heal", "buff", "debuff"] as const), basePower, duration === "Turns" ? level + 1 : null);
    spells.push([id(spells.length), name, description, school, level, manaCost, basePower, type, target, duration, isCommon, Math.max(0, level - 2), effects]);
  }
  out.push({
    table: "spells",
    columns: ["id", "name", "description", "school", "level", "mana_cost", "base_power", "type", "target", "duration", "is_common", "required_skill_level", "effects"],
    rows: spells,
  });
  // Mage guilds (the generated factions', or the demo's in a world too small to generate any):
  // each generated spell is taught by one faction in turn, and one in four by a second one too, so
  // every spell has a teacher; at --scale 100 a guild teaches about 40 of them.
  const links: unknown[][] = [];
  const guilds = scaleFactions.length ? scaleFactions : factionIds;
  for (let i = 0; guilds.length && i < spells.length; i++) {
    const sid = id(i);
    const first = i % guilds.length;
    links.push([guilds[first], sid]);
    if (guilds.length > 1 && rand() < 0.25) links.push([guilds[(first + int(1, guilds.length - 1)) % guilds.length], sid]);
  }
  out.push({ table: "faction_spells", columns: ["faction_id", "spell_id"], rows: links });

  // Heroes.
  const heroes: unknown[][] = [];
  for (let i = 0; i < counts.heroes; i++) {
    const fid = scaleFactions.length ? scaleFactions[i % scaleFactions.length]! : one(factionIds);
    const type = one(["Might", "Magic", "Hybrid"] as const);
    const name = `${one(FIRST_NAMES)} ${one(LAST_NAMES)}`;
    const heroClass = one(HERO_CLASSES[type]);
    const title = one(HERO_TITLES);
    heroes.push([
      id(i), fid, name, title,
      `${name} ${title} serves the ${factionName(fid)}. ${one(SENTENCES)}\n\n${one(SENTENCES)}`,
      `${heroClass} of the ${factionName(fid)}, known as ${title}.`,
      heroClass, type, `${one(ABILITIES)} mastery`, `Units led by ${name} gain ${one(ABILITIES).toLowerCase()}.`,
      int(0, 4), int(0, 4), int(0, 4), int(0, 4), int(1, 4),
      JSON.stringify([one(["Leadership", "Archery", "Wisdom", "Logistics", "Tactics"])]),
      JSON.stringify(type === "Might" || !spells.length ? [] : [spells[int(0, spells.length - 1)]![1]]),
      at(i, art.heroPortraits), i % 89 === 88 ? 0 : 1,
    ]);
  }
  out.push({
    table: "heroes",
    columns: ["id", "faction_id", "name", "title", "biography", "summary", "hero_class", "hero_type", "specialty", "specialty_description", "starting_attack", "starting_defense", "starting_spell_power", "starting_knowledge", "rarity_level", "starting_skills", "starting_spells", "portrait_url", "is_active"],
    rows: heroes,
  });

  // News: seven kinds of article over six years, a few drafts, tags from a list.
  const news: unknown[][] = [];
  const tags: unknown[][] = [];
  const allFactionNames = [...factionNames, "Aurelian Concord", "Tidewarden Compact", "Cinderborn Horde"];
  for (let i = 0; i < counts.news; i++) {
    const f = one(allFactionNames);
    const title = at(i, NEWS_KINDS) as (f: string, n: number) => string;
    const created = past(6 * 365);
    const published = rand() < 0.96;
    const by = editor();
    const paragraphs = Array.from({ length: int(2, 4) }, () => Array.from({ length: int(2, 5) }, () => one(SENTENCES)).join(" "));
    news.push([
      id(i), title(f, i), `${one(SENTENCES)} ${one(SENTENCES)}`, paragraphs.join("\n\n"), nameOf(by),
      rand() < 0.6 ? one(art.newsImages) : null, published ? 1 : 0, published ? created : null, created, created, by,
    ]);
    const chosen = new Set([one(TAGS), one(TAGS), one(TAGS)].slice(0, int(1, 3)));
    [...chosen].forEach((tag, position) => tags.push([id(i), tag, position]));
  }
  out.push({
    table: "news_articles",
    columns: ["id", "title", "summary", "content", "author", "image_url", "is_published", "published_at", "created_at", "updated_at", "created_by"],
    rows: news,
  });
  out.push({ table: "news_tags", columns: ["article_id", "tag", "position"], rows: tags });

  // Media records: the demo's stored files (with their renditions) under new titles.
  const media: unknown[][] = [];
  for (let i = 0; i < counts.media; i++) {
    const file = art.media[i % art.media.length]!;
    const place = one(PLACES);
    const subject = `${one(ADJECTIVES)} ${one(["dawn", "siege", "harbour", "forest", "tower", "battle", "camp", "ruins", "bridge", "storm"])}`;
    const created = past(5 * 365);
    media.push([
      id(i), `${subject} over ${place}`, `A view of ${place}. ${one(SENTENCES)}`, "image",
      `Illustrated scene: ${subject.toLowerCase()} over ${place}.`, `${subject} over ${place}`, `${one(TAGS)},${one(TAGS)}`,
      one(art.categoryIds), rand() < 0.8 ? one(factionIds) : null, file.is_approved, rand() < 0.01 && file.is_approved ? 1 : 0,
      file.original_key, file.large_key, file.large_webp_key, file.thumbnail_key, file.thumbnail_webp_key,
      "ready", "image/jpeg", file.width, file.height, file.file_size, int(0, 5000), int(0, 1000), created, created, memberId(),
    ]);
  }
  out.push({
    table: "media_items",
    columns: ["id", "title", "description", "media_type", "alt_text", "caption", "tags", "category_id", "faction_id", "is_approved", "is_featured", "original_key", "large_key", "large_webp_key", "thumbnail_key", "thumbnail_webp_key", "thumbnail_status", "content_type", "width", "height", "file_size", "view_count", "sort_order", "created_at", "updated_at", "uploaded_by"],
    rows: media,
  });

  // Change history of the generated records, and the audit log of moderators' writes.
  const kinds: [string, number][] = [["unit", units.length], ["hero", heroes.length], ["spell", spells.length], ["news", news.length], ["faction", factions.length]];
  const present = kinds.filter(([, n]) => n > 0);
  const fields = ["summary", "description", "attack", "defense", "cost", "title", "name"];
  const history: unknown[][] = [];
  for (let i = 0; i < counts.history && present.length; i++) {
    const [type, n] = at(i, present) as [string, number];
    const field = one(fields);
    const old = field.match(/attack|defense|cost/) ? int(1, 40) : one(SENTENCES);
    const next = typeof old === "number" ? old + int(1, 5) : one(SENTENCES);
    history.push([id(i), type, id(int(0, n - 1)), rand() < 0.05 ? "create" : "update", JSON.stringify({ [field]: { old, new: next } }), editor(), past(5 * 365)]);
  }
  out.push({ table: "change_history", columns: ["id", "entity_type", "entity_id", "action", "changes", "user_id", "created_at"], rows: history });
  const audit: unknown[][] = [];
  const auditTypes = ["news", "media", "unit", "hero", "spell", "faction", "user", "settings"];
  for (let i = 0; i < counts.audit; i++) {
    const type = one(auditTypes);
    audit.push([id(i), editor(), one(["create", "update", "update", "update", "delete"]), type, String(id(int(0, 9999))), JSON.stringify({ fields: [one(fields)] }), past(5 * 365)]);
  }
  out.push({ table: "audit_log", columns: ["id", "user_id", "action", "entity_type", "entity_id", "details", "created_at"], rows: audit });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/** Child rows first, so deleting the generated rows never trips a foreign key. */
const DELETE_ORDER: [string, string][] = [
  ["change_history", "id"],
  ["media_items", "id"],
  ["news_tags", "article_id"],
  ["news_articles", "id"],
  ["faction_spells", "faction_id"],
  ["faction_spells", "spell_id"],
  ["heroes", "id"],
  ["units", "id"],
  ["spells", "id"],
  ["factions", "id"],
  ["user_roles", "user_id"],
  ["users", "id"],
];

/** Bytes of JSON per statement (rows travel as one JSON parameter, expanded with json_each). */
const CHUNK_BYTES = 900_000;
/** Statements per D1 batch (one batch is one transaction). */
const BATCH_STATEMENTS = 8;

/**
 * Deletes the generated rows of an earlier run (one that wrote no audit rows), and anything written after them (ids at or above
 * SCALE_ID_BASE: once generated rows exist, AUTOINCREMENT gives every new row a higher id), then
 * moves each table's AUTOINCREMENT sequence back below the base, so the demo seed that follows
 * writes its rows there again. Run before the demo seed.
 */
export async function deleteScaleRows(db: Database): Promise<void> {
  // The audit log is append-only (migration 0011's triggers refuse UPDATE and DELETE, and deleting
  // a generated member would set its rows' user_id to NULL), so a world whose rows reached it
  // can't be replaced in place.
  const audited = await db.prepare("SELECT 1 AS found FROM audit_log WHERE id >= ?1 LIMIT 1").bind(SCALE_ID_BASE).all();
  if (audited.results.length) {
    throw new Error(
      "this database already holds a generated world, and its audit rows can't be deleted (the audit log is append-only). " +
        "Seed a fresh directory instead: npm run db:seed -- --scale N --persist-to <new folder> (or delete the old one first).",
    );
  }
  const idTables = [...new Set(DELETE_ORDER.filter(([, column]) => column === "id").map(([table]) => table))];
  await db.batch([
    ...DELETE_ORDER.map(([table, column]) => db.prepare(`DELETE FROM ${table} WHERE ${column} >= ?`).bind(SCALE_ID_BASE)),
    ...idTables.map((table) => db.prepare(`UPDATE sqlite_sequence SET seq = (SELECT coalesce(max(id), 0) FROM ${table}) WHERE name = ?`).bind(table)),
  ]);
}

/**
 * Inserts `tables` in chunks (after deleteScaleRows and the demo seed). The FTS tables follow
 * by their triggers (migrations 0001/0003/0008), so search covers the generated rows at once.
 */
export async function writeScaleRows(db: Database, tables: TableRows[], log: (line: string) => void): Promise<void> {
  let pending: Stmt[] = [];
  const flush = async () => {
    if (pending.length) await db.batch(pending);
    pending = [];
  };
  for (const { table, columns, rows } of tables) {
    const started = Date.now();
    const sql = `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns.map((_, i) => `j.value ->> '$[${i}]'`).join(", ")} FROM json_each(?) j`;
    let chunk: unknown[][] = [];
    let bytes = 0;
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (bytes + text.length > CHUNK_BYTES && chunk.length) {
        pending.push(db.prepare(sql).bind(JSON.stringify(chunk)));
        if (pending.length >= BATCH_STATEMENTS) await flush();
        chunk = [];
        bytes = 0;
      }
      chunk.push(row);
      bytes += text.length + 1;
    }
    if (chunk.length) pending.push(db.prepare(sql).bind(JSON.stringify(chunk)));
    await flush();
    log(`  ${table.padEnd(16)} ${String(rows.length).padStart(7)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** What the generated rows reuse from the demo seed, read back from the database. */
export async function readDemoArt(db: Database): Promise<DemoArt> {
  const all = async <T>(sql: string) => (await db.prepare(sql).all<T>()).results;
  const below = `id < ${SCALE_ID_BASE}`;
  return {
    factions: await all(`SELECT logo_url AS logoUrl, background_url AS backgroundUrl, banner_url AS bannerUrl FROM factions WHERE ${below} ORDER BY id`),
    unitPortraits: (await all<{ p: string | null }>(`SELECT portrait_url AS p FROM units WHERE ${below} ORDER BY id`)).map((r) => r.p),
    heroPortraits: (await all<{ p: string | null }>(`SELECT portrait_url AS p FROM heroes WHERE ${below} ORDER BY id`)).map((r) => r.p),
    newsImages: (await all<{ p: string | null }>(`SELECT image_url AS p FROM news_articles WHERE ${below} AND image_url IS NOT NULL ORDER BY id`)).map((r) => r.p),
    media: await all(
      `SELECT original_key, large_key, large_webp_key, thumbnail_key, thumbnail_webp_key, width, height, file_size, is_approved
       FROM media_items WHERE ${below} AND original_key LIKE 'media/demo-%' AND thumbnail_status = 'ready' ORDER BY id`,
    ),
    categoryIds: (await all<{ id: number }>(`SELECT id FROM media_categories ORDER BY id`)).map((r) => r.id),
    demoFactionIds: (await all<{ id: number }>(`SELECT id FROM factions WHERE ${below} ORDER BY id`)).map((r) => r.id),
    spellNames: (await all<{ name: string }>(`SELECT name FROM spells WHERE ${below}`)).map((r) => r.name),
    editorIds: (await all<{ id: number }>(`SELECT user_id AS id FROM user_roles WHERE role IN ('Admin', 'Moderator') AND user_id < ${SCALE_ID_BASE} ORDER BY user_id`)).map((r) => r.id),
  };
}

/** Rows of the demo content per target (what --scale adds on top of). */
export async function demoCounts(db: Database): Promise<Parameters<typeof scaleTargets>[1]> {
  const n = async (table: string) =>
    (await db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table === "user_roles" ? "user_id" : "id"} < ?`).bind(SCALE_ID_BASE).all<{ n: number }>()).results[0]!.n;
  return {
    factions: await n("factions"),
    units: await n("units"),
    heroes: await n("heroes"),
    spells: await n("spells"),
    news: await n("news_articles"),
    media: await n("media_items"),
    members: await n("users"),
  };
}
