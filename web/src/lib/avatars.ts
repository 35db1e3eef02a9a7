/**
 * The built-in avatar catalogue: 35 WebP images under /images/icons/avatars/,
 * made by scripts/generate-avatars.ts. Shared by the profile's picker and the header.
 */
export type Avatar = { id: string; name: string; category: AvatarCategory; filename: string; path: string };

export const AVATAR_CATEGORIES = ["Human", "Elf", "Orc", "Demon", "Giant", "Undead", "Creature"] as const;
export type AvatarCategory = (typeof AVATAR_CATEGORIES)[number];

export const AVATAR_BASE_PATH = "/images/icons/avatars/";

const NAMES: Record<AvatarCategory, readonly string[]> = {
  Human: [
    "Knight", "Ranger", "Wizard", "Cleric", "Sellsword", "Guardian",
    "Paladin", "Pilgrim", "Sorcerer", "Princess", "Elder", "Warlord",
  ],
  Elf: ["Elf Archer", "Elf Druid", "Elf Sage"],
  Orc: ["Orc Warrior", "Orc Shaman", "Orc Chieftain"],
  Demon: ["Imp", "Horned Fiend", "Succubus", "Fire Demon", "Void Demon"],
  Giant: ["Hill Giant", "Frost Giant", "Stone Giant", "Cyclops"],
  Undead: ["Skeleton", "Lich"],
  Creature: ["Wolf", "Dragon", "Griffin", "Owl", "Giant Spider", "Slime"],
};

export const AVATARS: readonly Avatar[] = AVATAR_CATEGORIES.flatMap((category) =>
  NAMES[category].map((name, i) => {
    const filename = `${category.toLowerCase()}-${String(i + 1).padStart(2, "0")}.webp`;
    return { id: filename.replace(/\.webp$/, ""), name, category, filename, path: `${AVATAR_BASE_PATH}${filename}` };
  }),
);

/** A broken avatar image falls back to the first Human avatar. */
export const FALLBACK_AVATAR_PATH = `${AVATAR_BASE_PATH}human-01.webp`;

/** Categories sorted alphabetically with their counts, as the picker's tabs show them. */
export function avatarTabs(): { category: AvatarCategory; count: number }[] {
  return [...AVATAR_CATEGORIES]
    .sort((a, b) => a.localeCompare(b))
    .map((category) => ({ category, count: AVATARS.filter((a) => a.category === category).length }));
}

/** Swaps a broken <img>'s source for the fallback avatar once (no loop if that fails too). */
export function handleAvatarError(event: { currentTarget: HTMLImageElement }): void {
  const img = event.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = "1";
  img.src = FALLBACK_AVATAR_PATH;
}
