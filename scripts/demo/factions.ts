/** The six demo factions of the invented world of Aldermere (2 Order, 2 Chaos, 2 Neutral). */
import type { SpellSchool } from "../../shared/game.ts";
import type { Faction } from "../../shared/schemas/faction.ts";
import type { Palette } from "./images.ts";

/** A demo faction: the API's fields it is seeded with, plus what the seed draws and links by. */
export type DemoFaction = Pick<Faction, "name" | "alignment" | "summary" | "description" | "specialty" | "sortOrder"> & {
  slug: string;
  startingResources: string;
  factionBonuses: string;
  /** Mage-guild schools: the faction offers every spell of these schools plus the common ones. */
  schools: [SpellSchool, SpellSchool];
  palette: Palette;
  night: boolean;
};

export const FACTIONS: DemoFaction[] = [
  {
    slug: "aurelian-concord",
    name: "Aurelian Concord",
    alignment: "Order",
    summary: "Sun-sworn knights and lantern priests who hold the river valleys of Aldermere by oath and discipline.",
    description:
      "The Aurelian Concord grew from seven walled towns that swore to keep one another's lanterns lit through the Long Dusk. Their armies march in tight formations behind gilded standards, and every soldier carries a small brass lantern as a token of the oath.\n\nConcord commanders win by patience: shield walls hold the line while crossbows and sunfire priests wear the enemy down, and the heavy Dawnriders arrive when the foe is already broken.",
    specialty: "Oathbound formations: adjacent Concord stacks share their defense bonuses.",
    startingResources: "2,500 Gold, 20 Wood, 20 Ore, 5 Sunstone, 5 Quicksilver, 5 Amber",
    factionBonuses: "+1 Morale for all Concord units. Town halls cost 10% less. Light spells cost 1 less mana.",
    sortOrder: 1,
    schools: ["Light", "Earth"],
    palette: { sky: ["#1d3b6e", "#6f8fc4", "#f2c58a"], hills: ["#8aa0bf", "#5d7399", "#3b4d70", "#222d45"], banner: "#b3202a", trim: "#e8c66a", glow: "#ffd27a" },
    night: false,
  },
  {
    slug: "tidewarden-compact",
    name: "Tidewarden Compact",
    alignment: "Order",
    summary: "Harbour cities bound by a charter of the sea, defended by wave-callers, marines and great shell-backed beasts.",
    description:
      "The Tidewarden Compact is a league of harbour cities along the Glass Coast. Its charter was written on whalebone and sealed in salt, and every captain still swears on it before leaving port.\n\nTidewarden armies fight like a rising tide: marines and harpooners pin the enemy in place, mist-singers blind them, and the Leviathan Guard crashes in from the flank.",
    specialty: "Tidal surge: units gain +1 speed on the first round of every combat.",
    startingResources: "2,500 Gold, 15 Wood, 20 Ore, 10 Pearl, 5 Amber, 5 Sunstone",
    factionBonuses: "Ships cost 25% less. Heroes move 2 extra tiles on water. Water spells last 1 extra turn.",
    sortOrder: 2,
    schools: ["Water", "Air"],
    palette: { sky: ["#0e2a3f", "#2f6f8f", "#9fd3d6"], hills: ["#6c9aa8", "#3f6f80", "#244b5a", "#12303c"], banner: "#1f6fb2", trim: "#e9f1f2", glow: "#bff3ff" },
    night: false,
  },
  {
    slug: "cinderborn-horde",
    name: "Cinderborn Horde",
    alignment: "Chaos",
    summary: "Ash-clans of the burning steppe who ride magma-veined beasts and follow whoever survives the last fire.",
    description:
      "When the Emberfall split the southern steppe, the clans that lived through it named themselves Cinderborn. They believe a warrior is forged twice: once by birth and once by fire.\n\nThe Horde fights fast and loud. Raiders and ash hounds strike first, fire-shamans set the field alight, and the towering Magma Colossi finish whatever is still standing.",
    specialty: "Ember rage: units deal +10% damage while below half health.",
    startingResources: "3,000 Gold, 20 Wood, 25 Ore, 8 Emberglass, 2 Pearl, 2 Quicksilver",
    factionBonuses: "Raids on mines yield double resources. Fire spells cost 1 less mana. -1 Morale for neutral allies.",
    sortOrder: 3,
    schools: ["Fire", "Earth"],
    palette: { sky: ["#240a0a", "#7a1f12", "#f08a3c"], hills: ["#7d3a2a", "#5a2519", "#3a160f", "#1e0b07"], banner: "#e0561f", trim: "#1b1b1b", glow: "#ffb347" },
    night: true,
  },
  {
    slug: "veilbound-covenant",
    name: "Veilbound Covenant",
    alignment: "Chaos",
    summary: "An eclipse cult that trades in secrets, shadows and the restless dead beneath the drowned city of Morrow.",
    description:
      "The Veilbound Covenant began as a circle of astronomers who watched the eclipse that never ended over the drowned city of Morrow. What they learned in the dark changed them.\n\nCovenant armies are few but terrible. Shadow-stalkers and bone choirs weaken the enemy before battle begins, and the Eclipse Wyrms are rarely seen until it is too late.",
    specialty: "Veilstep: the first enemy attack against each Covenant stack has a 20% chance to miss.",
    startingResources: "2,000 Gold, 15 Wood, 15 Ore, 10 Quicksilver, 5 Emberglass, 5 Pearl",
    factionBonuses: "Heroes start with the Dark school. Defeated enemy stacks raise 5% of their number as Hollow Thralls.",
    sortOrder: 4,
    schools: ["Dark", "Water"],
    palette: { sky: ["#07060f", "#2a1b47", "#5b3f7a"], hills: ["#4c3d66", "#33294a", "#211a33", "#110d1c"], banner: "#6b2fa3", trim: "#c9c2d9", glow: "#b58cff" },
    night: true,
  },
  {
    slug: "thornwild-circle",
    name: "Thornwild Circle",
    alignment: "Neutral",
    summary: "Druids, beast-wardens and walking groves who keep the old forest's balance and answer to no crown.",
    description:
      "The Thornwild Circle has no king and no capital, only the Heartroot: a tree older than the mountains, whose keepers meet beneath it once a season.\n\nThe Circle fights only when the forest is threatened. Its wardens, briar archers and antlered riders know every path in the wood, and when the Elder Groves uproot themselves the fight is usually over.",
    specialty: "Living woods: units regain 10% health at the start of each round fought in forests.",
    startingResources: "2,500 Gold, 30 Wood, 10 Ore, 5 Amber, 5 Pearl, 5 Sunstone",
    factionBonuses: "Forest terrain costs no extra movement. Sawmills produce +2 Wood. Earth spells cost 1 less mana.",
    sortOrder: 5,
    schools: ["Earth", "Light"],
    palette: { sky: ["#12301f", "#4f8a5b", "#d8e6a3"], hills: ["#6f9a6a", "#4a7048", "#2d4a2f", "#16291a"], banner: "#2f7d3a", trim: "#d9b26a", glow: "#f3f1a0" },
    night: false,
  },
  {
    slug: "skyforge-clans",
    name: "Skyforge Clans",
    alignment: "Neutral",
    summary: "Mountain artificers who build gliders, storm-engines and brass golems in the high passes of the Anvil Range.",
    description:
      "The Skyforge Clans live where the air is thin and the lightning close. Each clan keeps a forge fed by storm-rods on the peaks, and their craft-songs are older than their written laws.\n\nClan armies rely on engines and altitude: glider scouts spot the enemy, storm-callers break their lines, and the Brass Titans walk through what remains.",
    specialty: "Storm engines: war machines fire twice in the first round.",
    startingResources: "2,500 Gold, 15 Wood, 30 Ore, 5 Quicksilver, 5 Emberglass, 5 Amber",
    factionBonuses: "War machines cost 20% less. Air spells cost 1 less mana. +1 Luck in mountain terrain.",
    sortOrder: 6,
    schools: ["Air", "Fire"],
    palette: { sky: ["#1a2233", "#51607a", "#c7b79a"], hills: ["#8c8f99", "#62666f", "#40434b", "#22242a"], banner: "#c27c2c", trim: "#e6e1d3", glow: "#ffe08a" },
    night: false,
  },
];
