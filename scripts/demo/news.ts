/** News articles: 12 from several authors, two of them drafts; some with a generated header image. */

export type DemoNews = {
  /** Natural key for the image file name. */
  slug: string;
  title: string;
  summary: string;
  content: string;
  author: string;
  tags: string[];
  /** Days before the seed run; null for drafts. */
  daysAgo: number | null;
  /** Faction slug whose palette the generated header image uses, or null for no image. */
  imageFaction: string | null;
};

export const NEWS: DemoNews[] = [
  {
    slug: "patch-1-4-tides-of-change",
    title: "Patch 1.4 \"Tides of Change\" is live",
    summary: "The Tidewarden Compact gets a rework, ships are cheaper, and the Mist Singer finally sings on time.",
    content:
      "Patch 1.4 is out today and it is the biggest balance update since launch. The headline change is a rework of the Tidewarden Compact: Compact Marines gain 2 health, Harpooners' tether now lasts a full round, and shipyards cost 25% less.\n\nWe also fixed the long-standing bug where the Mist Singer's fog song triggered one round late when cast by an AI hero. Thanks to everyone who sent us save files.\n\nFull patch notes are in the Game Info section. As always, tell us what you think in the forum.",
    author: "Mira Thornwell",
    tags: ["patch", "balance", "tidewarden-compact"],
    daysAgo: 3,
    imageFaction: "tidewarden-compact",
  },
  {
    slug: "faction-spotlight-cinderborn",
    title: "Faction spotlight: the Cinderborn Horde",
    summary: "Fast, loud and hard to stop. A look at the ash-clans of the burning steppe and how to play them.",
    content:
      "The Cinderborn Horde rewards aggression. Ash Raiders get stronger as they take damage, Ash Hounds hunt in packs, and a well-timed Wildfire can turn a close fight into a rout.\n\nThe weakness is staying power. Cinderborn units have lower defense than most, so a patient Concord or Thornwild player can outlast an early rush. Scout with Ash Hounds and pick your fights.\n\nOur recommended opening: build the Ember Pit on day one, recruit slingers, and raid the nearest mine before the end of week one.",
    author: "Oskar Vell",
    tags: ["faction-spotlight", "strategy", "cinderborn-horde"],
    daysAgo: 11,
    imageFaction: "cinderborn-horde",
  },
  {
    slug: "community-tournament-spring",
    title: "Spring community tournament: sign-ups open",
    summary: "Sixty-four players, six factions, one Lantern Cup. Sign-ups close at the end of the month.",
    content:
      "The Spring Lantern Cup is back. Sixty-four players will face off on three tournament maps in a single-elimination bracket, with the final streamed live.\n\nAll six factions are allowed, but each player must pick a different faction for each round they reach. Random maps use the 'Glass Coast' template.\n\nSign up in the forum's tournament thread. Good luck, and may your lanterns stay lit.",
    author: "Codex Team",
    tags: ["community", "tournament"],
    daysAgo: 19,
    imageFaction: null,
  },
  {
    slug: "lore-the-long-dusk",
    title: "Lore: what really happened during the Long Dusk",
    summary: "Fragments from the Concord archives shed new light on the darkest century of Aldermere.",
    content:
      "For a hundred years the sun rose weakly over Aldermere, if it rose at all. The Concord calls this time the Long Dusk, and its seven towns survived it by keeping their lanterns lit and their gates shut.\n\nNew fragments found in the Dawn Chapel's archive suggest that the Veilbound astronomers saw the Dusk coming decades before it began, and said nothing.\n\nWhether that silence was fear or design is the question at the heart of the next campaign chapter.",
    author: "Edda Brightwater",
    tags: ["lore", "aurelian-concord", "veilbound-covenant"],
    daysAgo: 27,
    imageFaction: "aurelian-concord",
  },
  {
    slug: "map-editor-preview",
    title: "First look at the new map editor",
    summary: "Layered terrain, scripted events and a brush for rivers that finally follows the slope.",
    content:
      "The map editor has been rebuilt from the ground up. Terrain is now painted in layers, so you can add snow over rock without losing the rock underneath.\n\nScripted events get a visual editor: pick a trigger, pick a condition, pick what happens. No more text files.\n\nThe editor enters open testing next month. Watch this page for the sign-up link.",
    author: "Mira Thornwell",
    tags: ["tools", "preview"],
    daysAgo: 41,
    imageFaction: "skyforge-clans",
  },
  {
    slug: "hero-guide-thornwild",
    title: "Hero guide: picking a Thornwild Circle hero",
    summary: "Bram, Tamsin, Fennick, Wren, Corwin or Sorrel? Which Circle hero fits your play style.",
    content:
      "The Thornwild Circle has the most forgiving heroes in the game, but they reward very different plans.\n\nBram Oakenhide and Tamsin Swiftfoot are Might heroes: Bram turtles behind Grove Wardens, Tamsin rushes with Antlered Riders. Elder Fennick and Wren Mossglen are Magic heroes built around Regrowth and Earth spells.\n\nThe Hybrids, Corwin Thorne and Sorrel Ashgrove, are the strongest picks for new players: they get useful specialties on day one and stay relevant late.",
    author: "Oskar Vell",
    tags: ["heroes", "guide", "thornwild-circle"],
    daysAgo: 55,
    imageFaction: null,
  },
  {
    slug: "server-maintenance-notice",
    title: "Scheduled maintenance for online play",
    summary: "Ranked matchmaking will be offline for about two hours while we move to new servers.",
    content:
      "Online play and ranked matchmaking will be unavailable for about two hours on the first Tuesday of next month while we move to new servers.\n\nSingle-player games, the campaign and hot-seat play are not affected.\n\nRanked seasons will be extended by one day to make up for the downtime.",
    author: "Codex Team",
    tags: ["maintenance", "online"],
    daysAgo: 63,
    imageFaction: null,
  },
  {
    slug: "art-of-aldermere",
    title: "The art of Aldermere: painting six skies",
    summary: "Our art team on how each faction got its own sky, from Concord gold to Covenant violet.",
    content:
      "Every faction in Aldermere has its own sky. The Concord's is a clear morning gold; the Covenant's a violet that never quite becomes night.\n\nWe started from colour scripts: six strips of paint, one per faction, that every later piece had to match. Castles, banners and even unit portraits take their palette from the sky above them.\n\nThe full set of faction wallpapers is in the gallery.",
    author: "Edda Brightwater",
    tags: ["art", "behind-the-scenes"],
    daysAgo: 78,
    imageFaction: "veilbound-covenant",
  },
  {
    slug: "balance-survey-results",
    title: "Balance survey results",
    summary: "Four thousand of you answered. Here is what you told us about the six factions.",
    content:
      "Thank you to the 4,212 players who answered our balance survey.\n\nThe Skyforge Clans were voted the most fun faction to play against, and the Veilbound Covenant the most frustrating. Most players feel the Cinderborn Horde's early game is too strong on small maps.\n\nWe are looking at all three points for patch 1.5.",
    author: "Mira Thornwell",
    tags: ["survey", "balance", "community"],
    daysAgo: 96,
    imageFaction: null,
  },
  {
    slug: "launch-anniversary",
    title: "Happy first anniversary, Aldermere",
    summary: "One year, six factions and more than two million battles. Thank you for playing.",
    content:
      "One year ago today the gates of Aldermere opened. Since then you have fought more than two million battles and built enough castles to wall in the whole Glass Coast.\n\nTo celebrate, every player gets the Anniversary Banner for their heroes.\n\nHere's to the next year.",
    author: "Codex Team",
    tags: ["anniversary", "community"],
    daysAgo: 120,
    imageFaction: "thornwild-circle",
  },
  {
    slug: "draft-patch-1-5-preview",
    title: "Patch 1.5 preview (draft)",
    summary: "Early notes on the Cinderborn changes and the new neutral dwellings.",
    content:
      "Draft: numbers are not final.\n\nCinderborn Ash Raiders lose 1 attack on small maps. Two new neutral dwellings join the random map generator.\n\nMore details once testing is done.",
    author: "Oskar Vell",
    tags: ["patch", "preview"],
    daysAgo: null,
    imageFaction: null,
  },
  {
    slug: "draft-skyforge-spotlight",
    title: "Faction spotlight: the Skyforge Clans (draft)",
    summary: "Engines, gliders and storm-rods: how to play the mountain artificers.",
    content:
      "Draft.\n\nThe Skyforge Clans are the only faction whose war machines fire twice in the first round. Pair that with Storm Callers and a Runesmith hero.\n\nScreenshots to follow.",
    author: "Edda Brightwater",
    tags: ["faction-spotlight", "skyforge-clans"],
    daysAgo: null,
    imageFaction: "skyforge-clans",
  },
];
