/** Spells: six per school (36), levels 1–5. Factions offer the spells of their two schools plus the common ones. */
import type { Spell } from "../../shared/schemas/spell.ts";
import type { SpellDuration, SpellSchool, SpellTarget, SpellType } from "../../shared/game.ts";

export type EffectKind = "damage" | "heal" | "buff" | "debuff" | "summon" | "movement" | "vision";

/**
 * A spell's effects as stored (JSON text): its kind, power, power per point of spell power and,
 * for spells that last turns, the rounds. The spell card labels each key ("Kind", "Power"…).
 */
export const spellEffects = (kind: EffectKind, power: number, rounds: number | null) =>
  JSON.stringify({ kind, power, perSpellPower: kind === "damage" ? 10 : kind === "heal" ? 8 : 1, ...(rounds ? { rounds } : {}) });

/** [name, level, type, target, duration, effect, description] */
type SpellLine = [string, number, SpellType, SpellTarget, SpellDuration, EffectKind, string];

const BY_SCHOOL: Record<SpellSchool, SpellLine[]> = {
  Earth: [
    ["Pebble Storm", 1, "Combat", "Single", "Instant", "damage", "Hurls a fist of sharp stones at one enemy stack."],
    ["Granite Hide", 1, "Combat", "Single", "Turns", "buff", "Hardens an ally's skin, raising defense for several rounds."],
    ["Rootsnare", 2, "Combat", "Area", "Turns", "debuff", "Roots burst from the ground and hold enemies in place."],
    ["Tremor Line", 3, "Combat", "Area", "Instant", "damage", "Splits the ground in a straight line, damaging every stack on it."],
    ["Deep Paths", 4, "Adventure", "Self", "Instant", "movement", "The hero travels underground to any visible tile."],
    ["Wrath of the Mountain", 5, "Combat", "All", "Instant", "damage", "The whole battlefield heaves; every enemy stack is struck by falling rock."],
  ],
  Air: [
    ["Gust", 1, "Combat", "Single", "Instant", "damage", "A sharp blast of wind knocks the target back."],
    ["Tailwind", 1, "Combat", "Single", "Turns", "buff", "Raises an ally's speed and initiative."],
    ["Far Sight", 2, "Adventure", "Self", "Turns", "vision", "Reveals the map around the hero for three days."],
    ["Forked Spark", 3, "Combat", "Single", "Instant", "damage", "Lightning strikes the target and leaps to its neighbour."],
    ["Skybridge", 4, "Adventure", "Self", "Instant", "movement", "The hero's army crosses any obstacle on a bridge of cloud."],
    ["Storm Crown", 5, "Combat", "All", "Combat", "damage", "A storm circles the field, striking a random enemy every round."],
  ],
  Fire: [
    ["Spark Dart", 1, "Combat", "Single", "Instant", "damage", "A dart of flame that always finds its mark."],
    ["Kindled Blades", 1, "Combat", "Single", "Turns", "buff", "Sets an ally's weapons alight for extra damage."],
    ["Ember Cloud", 2, "Combat", "Area", "Turns", "damage", "A cloud of glowing embers burns everything beneath it."],
    ["Wildfire", 3, "Combat", "Area", "Instant", "damage", "A blaze that spreads from the target to adjacent stacks."],
    ["Ashen Pall", 4, "Global", "All", "Turns", "debuff", "Smoke darkens the region; enemy heroes see less for a week."],
    ["Heart of the Volcano", 5, "Combat", "All", "Instant", "damage", "Fire rises from the earth and burns every stack not immune to fire."],
  ],
  Water: [
    ["Frost Needle", 1, "Combat", "Single", "Instant", "damage", "A shard of ice that slows the target."],
    ["Cleansing Tide", 1, "Combat", "Single", "Instant", "heal", "Washes away curses and restores a little health."],
    ["Mist Veil", 2, "Combat", "All", "Combat", "buff", "A mist shields all allies from ranged attacks."],
    ["Undertow", 3, "Combat", "Area", "Turns", "debuff", "Drags enemies in an area, lowering their speed."],
    ["Sea Road", 4, "Adventure", "Self", "Turns", "movement", "The hero's army may walk on water for a day."],
    ["Mirror Tide", 5, "Combat", "Single", "Combat", "summon", "Creates a watery copy of an allied stack."],
  ],
  Light: [
    ["Dawn Ray", 1, "Combat", "Single", "Instant", "damage", "A beam of morning light that burns the undead twice as hard."],
    ["Blessing of Dawn", 1, "Combat", "Single", "Turns", "buff", "The target always deals its maximum damage."],
    ["Sanctuary", 2, "Combat", "Single", "Turns", "buff", "The target cannot be targeted by enemy spells."],
    ["Mending Light", 3, "Combat", "Single", "Instant", "heal", "Heals an ally and restores some of its fallen."],
    ["Beacon of the Oath", 4, "Global", "All", "Turns", "buff", "All allied towns gain +1 morale for their defenders this week."],
    ["Second Sunrise", 5, "Combat", "All", "Instant", "heal", "Restores every allied stack to full strength once per combat."],
  ],
  Dark: [
    ["Shadow Lash", 1, "Combat", "Single", "Instant", "damage", "A whip of shadow that ignores armour."],
    ["Weakening Hex", 1, "Combat", "Single", "Turns", "debuff", "The target always deals its minimum damage."],
    ["Dread Whisper", 2, "Combat", "Area", "Turns", "debuff", "Lowers the morale of enemies in an area."],
    ["Grave Call", 3, "Combat", "Single", "Permanent", "summon", "Raises fallen creatures as Hollow Thralls."],
    ["Blackout", 4, "Global", "All", "Turns", "vision", "Hides your heroes and towns from enemy sight for a week."],
    ["Eclipse", 5, "Combat", "All", "Combat", "debuff", "Blots out the sun: enemies lose all blessings and cannot be blessed again."],
  ],
};

/** Level-1 spells every mage guild offers. */
const COMMON = new Set(["Spark Dart", "Granite Hide", "Tailwind", "Cleansing Tide", "Dawn Ray", "Shadow Lash"]);

/** A demo spell: the API's fields, its effects as the stored JSON text. */
export type DemoSpell = Omit<Spell, "id" | "effects" | "factionIds" | "isActive" | "createdAt" | "updatedAt"> & { effects: string };

export const SPELLS: DemoSpell[] = (Object.entries(BY_SCHOOL) as [SpellSchool, SpellLine[]][]).flatMap(([school, lines]) =>
  lines.map(([name, level, type, target, duration, effect, description], i) => {
    const basePower = effect === "movement" || effect === "vision" ? 0 : level * 12 + (target === "Single" ? 8 : 0) + i;
    const rounds = duration === "Turns" ? level + 1 : null;
    return {
      name,
      description,
      school,
      level,
      manaCost: 3 + level * 4 + (target === "All" ? 4 : target === "Area" ? 2 : 0),
      basePower,
      type,
      target,
      duration,
      isCommon: COMMON.has(name),
      requiredSkillLevel: Math.max(0, Math.min(3, level - 2)),
      effects: spellEffects(effect, basePower, rounds),
    };
  }),
);
