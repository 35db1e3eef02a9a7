/** Fixed texts, class names and orders of the game pages' components. */
import { SPELL_SCHOOLS, type Alignment, type SpellSchool } from "@shared/game";
import { responsiveImage } from "@shared/image-variants";

/** The badge colours of each alignment: Order blue, Chaos red, Neutral purple. */
const ALIGNMENT_TONES: Record<Alignment, string> = {
  Order: "bg-blue-100 text-blue-900 ring-blue-700/25 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-400/30",
  Chaos: "bg-red-100 text-red-900 ring-red-700/25 dark:bg-red-950 dark:text-red-200 dark:ring-red-400/30",
  Neutral: "bg-purple-100 text-purple-900 ring-purple-700/25 dark:bg-purple-950 dark:text-purple-200 dark:ring-purple-400/30",
};

/** Class names of the alignment badge (a pill with the alignment's colours). */
export function alignmentBadgeClass(alignment: Alignment, className = ""): string {
  return `inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${ALIGNMENT_TONES[alignment]} ${className}`;
}

/**
 * The WebP twin of a demo image: the seed stores every portrait (/files/portraits/…) and faction
 * logo (/files/factions/…) also as a smaller WebP under the same name. Other files (uploads) have
 * no twin and are shown as they are.
 */
export function webpTwin(src: string): string | null {
  return /^\/files\/(portraits|factions)\/[^?#]+\.(jpg|png)$/.test(src) ? src.replace(/\.(jpg|png)$/, ".webp") : null;
}

/**
 * The faction banner's background (1600×900): resized copies for narrower screens. The banner is
 * the page's width less its padding, at most 1120 px (max-w-6xl, px-4).
 */
export const factionBannerImage = (url: string | null) => responsiveImage(url, 1600, "(min-width: 72rem) 1120px, calc(100vw - 2rem)");

/** The letter shown instead of a missing portrait. */
export const portraitInitial = (name: string) => name.trim().charAt(0).toUpperCase() || "?";

/** Heading and intro of /factions. */
export const FACTIONS_COPY = {
  factionsTitle: "Factions",
  factionsIntro: "Choose a faction to see its units, heroes and spells.",
  guidesLink: "Guides, lore and mechanics are under Game Info.",
} as const;

/** Names of the school skill levels a spell can require (0 = none). */
const SKILL_LEVELS = ["None", "Basic", "Advanced", "Expert"] as const;

export const requirementText = (level: number) => (level <= 0 ? "None" : `${SKILL_LEVELS[level] ?? `Level ${level}`} school skill`);

/** The labelled numbers and rules of a spell's details, in display order. */
export function spellDetailRows(spell: {
  manaCost: number;
  basePower: number;
  duration: string;
  type: string;
  target: string;
  requiredSkillLevel: number;
}): [string, string][] {
  return [
    ["Mana cost", String(spell.manaCost)],
    ["Base power", String(spell.basePower)],
    ["Duration", spell.duration],
    ["Type", spell.type],
    ["Target", spell.target],
    ["Requirement", requirementText(spell.requiredSkillLevel)],
  ];
}

/** A spell no faction's mage guild teaches. */
export const NO_TEACHER_TEXT = "No faction’s mage guild teaches this spell.";

/**
 * A faction's mage-guild spells grouped by school, schools in the spec's order, empty ones left
 * out. Within a school the spells keep the order the API sends (level, then name: the faction
 * read's ORDER BY), so nothing is sorted again in the
 * browser (an ICU collator alone cost ~15 ms of the faction page's boot).
 */
export function spellsBySchool<T extends { school: SpellSchool }>(spells: readonly T[]): { school: SpellSchool; spells: T[] }[] {
  return SPELL_SCHOOLS.map((school) => ({ school, spells: spells.filter((s) => s.school === school) })).filter((g) => g.spells.length > 0);
}
