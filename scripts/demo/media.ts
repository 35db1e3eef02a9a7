/** Media categories and gallery items (images generated at seed time, see images.ts). */
import { FACTIONS } from "./factions.ts";
import { pick } from "./pick.ts";

export type DemoMediaCategory = { name: string; slug: string; description: string; color: string; sortOrder: number };

export const MEDIA_CATEGORIES: DemoMediaCategory[] = [
  { name: "Screenshots", slug: "screenshots", description: "Moments from battles, towns and the adventure map.", color: "#3B82F6", sortOrder: 1 },
  { name: "Concept Art", slug: "concept-art", description: "Early sketches and paintings of Aldermere's lands and peoples.", color: "#A855F7", sortOrder: 2 },
  { name: "Wallpapers", slug: "wallpapers", description: "Wide landscapes of every faction's homeland for your desktop.", color: "#F59E0B", sortOrder: 3 },
  { name: "Maps", slug: "maps", description: "Overviews of campaign and tournament maps.", color: "#10B981", sortOrder: 4 },
  { name: "Fan Art", slug: "fan-art", description: "Pictures made by the community.", color: "#EF4444", sortOrder: 5 },
];

const SUBJECTS = [
  ["Dawn over the seven towns", "Morning light on the walls of a Concord town."],
  ["Harbour at low tide", "A Tidewarden harbour city waits for the fleet."],
  ["The burning steppe", "Smoke and fire over the Cinderborn homeland."],
  ["Under the endless eclipse", "The drowned city of Morrow beneath a black sun."],
  ["Heartroot clearing", "The Thornwild Circle's meeting place at dusk."],
  ["Storm-rods of the Anvil Range", "Lightning gathers above a Skyforge clan hold."],
  ["Lantern vigil", "Concord lanterns lit along the river road."],
  ["The Glass Coast at night", "Moonlight over the reefs of the Compact."],
  ["Wyvern roost", "Cinder Wyverns circle their nesting cliffs."],
  ["The sunken belfry", "Bells of Morrow that ring under the water."],
  ["Elder grove awakening", "The great trees begin to walk."],
  ["Glider launch", "Skyforge scouts leap from the high passes."],
  ["Gryphon eyrie", "White gryphons nest above Mount Osric."],
  ["Shellback reef", "Reef garrisons guard the harbour mouth."],
  ["Emberfall rift", "The crack that split the southern steppe."],
  ["Star readers' tower", "Astronomers watch the eclipse from their tower."],
  ["Stag-elk crossing", "Antlered Riders ford a forest river."],
  ["Brass Titan foundry", "A titan takes shape in the clan forge."],
  ["Siege of Osric gate", "A Concord town under siege."],
  ["Fleet at anchor", "The Compact fleet before the spring sailing."],
  ["Caldera camp", "A Cinderborn war camp inside a cooling caldera."],
  ["Portal of the Veil", "A shadow gate opens in the drowned city."],
  ["Thornwall at dawn", "A thorn wall raised around a forest village."],
  ["Peaks at sunset", "The Anvil Range glowing in the last light."],
] as const;

export type DemoMediaItem = {
  title: string;
  description: string;
  altText: string;
  caption: string;
  tags: string;
  categorySlug: string;
  factionSlug: string;
  isApproved: boolean;
  isFeatured: boolean;
  /** A rejected item's reason (its uploader reads it); null for pending and approved ones. */
  rejectionReason: string | null;
  /** Who uploaded it: the demo moderator, or now and then the admin. */
  uploader: "moderator" | "admin";
  viewCount: number;
  sortOrder: number;
  daysAgo: number;
  motif: "none" | "dragon" | "portal" | "ships";
};

export const MEDIA_ITEMS: DemoMediaItem[] = SUBJECTS.map(([title, caption], i) => {
  const faction = pick(FACTIONS, i % FACTIONS.length, "faction");
  const category = pick(MEDIA_CATEGORIES, i % MEDIA_CATEGORIES.length, "category");
  const motif = /wyvern|roost/i.test(title) ? "dragon" : /portal|gate opens/i.test(title + caption) ? "portal" : /fleet|harbour|reef/i.test(title) ? "ships" : "none";
  return {
    title,
    description: `${caption} Part of the ${faction.name} collection in the ${category.name.toLowerCase()} gallery.`,
    altText: `Illustrated landscape: ${caption.replace(/\.$/, "").toLowerCase()}, in ${faction.name} colours.`,
    caption,
    tags: [faction.slug, category.slug, motif === "none" ? "landscape" : motif].join(","),
    categorySlug: category.slug,
    factionSlug: faction.slug,
    // Every fourth item waits for moderation; the last of them was rejected, with a reason.
    isApproved: i % 4 !== 3,
    isFeatured: i % 6 === 0 && i % 4 !== 3,
    rejectionReason: i === SUBJECTS.length - 1 ? "Too close to the “Peaks at sunset” wallpaper we already show. Please upload another view of the range." : null,
    uploader: i % 5 === 2 ? "admin" : "moderator",
    viewCount: (i * 37 + 11) % 400,
    sortOrder: i,
    daysAgo: 60 - i * 2,
    motif,
  };
});
