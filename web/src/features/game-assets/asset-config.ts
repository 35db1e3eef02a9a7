import {
  ALIGNMENTS,
  HERO_TYPES,
  SPELL_DURATIONS,
  SPELL_SCHOOLS,
  SPELL_TARGETS,
  SPELL_TYPES,
  UNIT_TYPES,
} from "@shared/game";
import type { HistoryEntityType } from "@shared/history";

/**
 * What the game-assets editor shows per asset type: the columns (the record's fields, in the
 * order of the table), how each cell is edited, which fields a new row must fill and the
 * defaults of a new row.
 */

export const ASSET_TYPES = ["factions", "units", "heroes", "spells"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/**
 * string: one line, shown cut at 20 characters; text: several lines (Shift+Enter adds one),
 * shown cut at 30; int: a whole number; bool: yes/no; enum: one of `options`; json: JSON text;
 * factions: a set of faction ids, shown by name and chosen in a dialog (a spell's "taught by").
 */
export type FieldKind = "string" | "text" | "int" | "bool" | "enum" | "json" | "factions";

export type FieldDef = {
  key: string;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  width?: number;
  /** Read-only in the grid (e.g. the id). */
  readOnly?: boolean;
};

/** Spec texts of new-row validation. */
export const REQUIRED_MESSAGES = {
  name: "Name is required",
  description: "Description is required",
  biography: "Biography is required",
  factionId: "Faction is required",
} as const;

export type AssetConfig = {
  type: AssetType;
  /** The history's entity name and the API path. */
  entity: Exclude<HistoryEntityType, "news" | "gameinfo">;
  label: string;
  fields: FieldDef[];
  /** Fields a new row must fill before saving (with the spec's message). */
  required: (keyof typeof REQUIRED_MESSAGES)[];
  /** Field values of a new row (before the selected faction and level are applied). */
  defaults: Record<string, unknown>;
};

const s = (key: string, label: string, width = 150): FieldDef => ({ key, label, kind: "string", width });
const t = (key: string, label: string, width = 220): FieldDef => ({ key, label, kind: "text", width });
/** Narrow columns (numbers, yes/no) are still wide enough for their header (about 9 px a letter in the grid's bold 14 px). */
const labelWidth = (label: string, min = 80) => Math.max(min, Math.ceil(label.length * 9 + 28));
const n = (key: string, label: string, width = labelWidth(label)): FieldDef => ({ key, label, kind: "int", width });
const b = (key: string, label: string): FieldDef => ({ key, label, kind: "bool", width: labelWidth(label) });
const e = (key: string, label: string, options: readonly string[], width = 110): FieldDef => ({ key, label, kind: "enum", options, width });
const j = (key: string, label: string, width = 200): FieldDef => ({ key, label, kind: "json", width });
const f = (key: string, label: string, width = 200): FieldDef => ({ key, label, kind: "factions", width });

export const ASSET_CONFIGS: Record<AssetType, AssetConfig> = {
  factions: {
    type: "factions",
    entity: "faction",
    label: "Factions",
    fields: [
      s("name", "Name", 160),
      e("alignment", "Alignment", ALIGNMENTS),
      t("summary", "Summary"),
      t("description", "Description"),
      s("specialty", "Specialty"),
      s("logoUrl", "Logo URL"),
      s("backgroundUrl", "Background URL"),
      s("bannerUrl", "Banner URL"),
      t("startingResources", "Starting resources"),
      t("factionBonuses", "Faction bonuses"),
      n("sortOrder", "Sort order"),
      b("isActive", "Active"),
    ],
    required: ["name", "description"],
    defaults: {
      name: "", alignment: "Order", summary: "", description: "", specialty: "", logoUrl: "", backgroundUrl: "",
      bannerUrl: "", startingResources: "", factionBonuses: "", sortOrder: 0, isActive: true,
    },
  },
  units: {
    type: "units",
    entity: "unit",
    label: "Units",
    fields: [
      s("name", "Name", 160),
      t("description", "Description"),
      t("summary", "Summary"),
      n("tier", "Tier", 60),
      e("unitType", "Type", UNIT_TYPES),
      n("attack", "Attack"),
      n("defense", "Defense"),
      n("minDamage", "Min dmg"),
      n("maxDamage", "Max dmg"),
      n("health", "Health"),
      n("speed", "Speed"),
      n("initiative", "Initiative"),
      n("morale", "Morale"),
      n("luck", "Luck"),
      n("cost", "Cost"),
      n("weeklyGrowth", "Growth"),
      n("upgradeLevel", "Level", 60),
      b("isUpgraded", "Upgraded"),
      j("specialAbilities", "Special abilities"),
      s("portraitUrl", "Portrait URL"),
      b("isActive", "Active"),
    ],
    required: ["name", "description", "factionId"],
    defaults: {
      name: "", description: "", summary: "", tier: 1, unitType: "Infantry", attack: 0, defense: 0, minDamage: 0,
      maxDamage: 0, health: 0, speed: 0, initiative: 0, morale: 0, luck: 0, cost: 0, weeklyGrowth: 0, upgradeLevel: 0,
      isUpgraded: false, specialAbilities: "", portraitUrl: "", isActive: true,
    },
  },
  heroes: {
    type: "heroes",
    entity: "hero",
    label: "Heroes",
    fields: [
      s("name", "Name", 160),
      s("title", "Title"),
      t("biography", "Biography"),
      t("summary", "Summary"),
      s("heroClass", "Class"),
      e("heroType", "Type", HERO_TYPES),
      s("specialty", "Specialty"),
      t("specialtyDescription", "Specialty description"),
      n("startingAttack", "Attack"),
      n("startingDefense", "Defense"),
      n("startingSpellPower", "Spell power"),
      n("startingKnowledge", "Knowledge"),
      n("rarityLevel", "Rarity", 70),
      j("startingSkills", "Starting skills"),
      j("startingSpells", "Starting spells"),
      s("portraitUrl", "Portrait URL"),
      b("isActive", "Active"),
    ],
    required: ["name", "biography", "factionId"],
    defaults: {
      name: "", title: "", biography: "", summary: "", heroClass: "", heroType: "Might", specialty: "",
      specialtyDescription: "", startingAttack: 0, startingDefense: 0, startingSpellPower: 0, startingKnowledge: 0,
      rarityLevel: 1, startingSkills: "", startingSpells: "", portraitUrl: "", isActive: true,
    },
  },
  spells: {
    type: "spells",
    entity: "spell",
    label: "Spells",
    fields: [
      s("name", "Name", 160),
      t("description", "Description"),
      e("school", "School", SPELL_SCHOOLS),
      f("factionIds", "Taught by"),
      n("level", "Level", 60),
      n("manaCost", "Mana"),
      n("basePower", "Power"),
      e("type", "Type", SPELL_TYPES),
      e("target", "Target", SPELL_TARGETS),
      e("duration", "Duration", SPELL_DURATIONS),
      b("isCommon", "Common"),
      n("requiredSkillLevel", "Skill level"),
      j("effects", "Effects"),
      b("isActive", "Active"),
    ],
    required: ["name", "description"],
    defaults: {
      name: "", description: "", school: "Fire", factionIds: [], level: 1, manaCost: 0, basePower: 0, type: "Combat", target: "Single",
      duration: "Instant", isCommon: false, requiredSkillLevel: 0, effects: "", isActive: true,
    },
  },
};

/** Display cut-offs: long text at 30 characters, strings at 20. */
export const TRUNCATE = { text: 30, string: 20 } as const;
/** How long Tab waits before wrapping to the next row. */
export const TAB_WRAP_DELAY_MS = 50;
