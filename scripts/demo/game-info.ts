/**
 * Game-info guides: 16 in 6 categories (more than the 12 of one /game-info page), some featured,
 * and one draft that only moderators see (/admin/game-info). Bodies are Markdown, some with wiki
 * links (docs/design/wiki.md).
 */

export type DemoGameInfo = {
  title: string;
  slug: string;
  category: string;
  summary: string;
  content: string;
  author: string;
  isFeatured: boolean;
  sortOrder: number;
  daysAgo: number;
  /** Default true; a draft is listed on /admin/game-info only. */
  isPublished?: boolean;
};

export const GAME_INFO: DemoGameInfo[] = [
  {
    title: "Your first week in Aldermere",
    slug: "first-week",
    category: "Getting Started",
    summary: "What to build, recruit and explore in the first seven days of a new game.",
    content:
      "Every game starts with a town, a hero and a handful of troops. Your first week decides how fast everything after it goes.\n\nDay one: build the tier 1 dwelling and recruit everything. Day two: take the nearest Wood and Ore mines. Days three to seven: explore with your main hero, and buy a second hero to carry troops and flag mines.\n\nDo not fight neutral stacks that are rated 'Many' or more until week two.",
    author: "Codex Team",
    isFeatured: true,
    sortOrder: 1,
    daysAgo: 90,
  },
  {
    title: "Resources and what they are for",
    slug: "resources",
    category: "Getting Started",
    summary: "Gold, Wood, Ore and the four rare resources: Sunstone, Quicksilver, Amber, Pearl and Emberglass.",
    content:
      "Gold pays for everything. Wood and Ore build most of your town. The rare resources unlock high-tier dwellings and spells.\n\nEach faction leans on a different rare resource: the Concord on Sunstone, the Compact on Pearl, the Horde on Emberglass, the Covenant on Quicksilver, the Circle on Amber and the Clans on Quicksilver and Emberglass.\n\nTrade at the marketplace only when you must: the rates are poor until you own several.",
    author: "Mira Thornwell",
    isFeatured: false,
    sortOrder: 2,
    daysAgo: 88,
  },
  {
    title: "How combat works",
    slug: "combat-basics",
    category: "Combat",
    summary: "Initiative, retaliation, morale and luck explained in one page.",
    content:
      "## Turn order\n\nBattles are fought on a hex grid. Stacks act in order of initiative; a stack with high morale may act again, and one with low morale may lose its turn.\n\n## Retaliation\n\nEvery stack retaliates once per round when attacked in melee, unless the attacker has an ability that prevents it. A [[Pikeguard]] stack braces against cavalry charges. Ranged stacks deal half damage when an enemy stands next to them.\n\n## Morale and luck\n\nLuck adds a chance to deal **double damage**. Both morale and luck range from -3 to +3. Area spells such as [[spell:Heart of the Volcano]] hit every stack whatever its luck.",
    author: "Oskar Vell",
    isFeatured: true,
    sortOrder: 1,
    daysAgo: 80,
  },
  {
    title: "Sieges and town walls",
    slug: "sieges",
    category: "Combat",
    summary: "Attacking and defending a walled town: towers, gates and war machines.",
    content:
      "A town with a fort has walls; a citadel adds an arrow tower; a castle adds two more.\n\nAttackers need a siege engine or flying units to get past the walls. Defenders' ranged units inside the walls take half damage from ranged attacks.\n\nThe Skyforge Clans' Thunder Engine and the Cinderborn warchief Gorran Ashfist are the best wall-breakers in the game.",
    author: "Oskar Vell",
    isFeatured: false,
    sortOrder: 2,
    daysAgo: 70,
  },
  {
    title: "Building your economy",
    slug: "economy",
    category: "Economy",
    summary: "Town halls, mines and markets: how to grow your income week by week.",
    content:
      "A Village Hall earns 500 Gold a day, a Town Hall 1,000, a City Hall 2,000 and a Capitol 4,000. You can have only one Capitol.\n\nMines give a fixed amount each day to whoever flags them. Guard your mines with a small stack: a lone hero can otherwise take them back.\n\nThe Cinderborn Horde's raids give double resources from enemy mines, which makes them dangerous neighbours.",
    author: "Mira Thornwell",
    isFeatured: false,
    sortOrder: 1,
    daysAgo: 60,
  },
  {
    title: "Weekly growth and recruitment",
    slug: "weekly-growth",
    category: "Economy",
    summary: "How many creatures each dwelling makes, and how to make more.",
    content:
      "Each dwelling makes a fixed number of creatures at the start of every week: many tier 1 creatures, a single tier 7 creature.\n\nA castle building adds 50% to every dwelling's growth, and some heroes' specialties add more.\n\nCreatures you do not recruit stay in the dwelling and add up, so an unrecruited week is never lost.",
    author: "Edda Brightwater",
    isFeatured: true,
    sortOrder: 2,
    daysAgo: 50,
  },
  {
    title: "The six schools of magic",
    slug: "schools-of-magic",
    category: "Magic",
    summary: "Earth, Air, Fire, Water, Light and Dark: what each school is good at.",
    content:
      "Earth magic protects and reshapes the battlefield. Air magic is fast: speed, vision and lightning. Fire magic burns, often more than one stack at once.\n\nWater magic slows, shields and heals. Light magic blesses and restores. Dark magic curses, terrifies and raises the dead.\n\nEach faction's mage guild offers two schools plus the common spells.",
    author: "Edda Brightwater",
    isFeatured: true,
    sortOrder: 1,
    daysAgo: 40,
  },
  {
    title: "Mana, spell power and knowledge",
    slug: "mana-and-spell-power",
    category: "Magic",
    summary: "How your hero's primary skills change the spells they cast.",
    content:
      "Knowledge sets how much mana a hero has: ten points per point of knowledge. Mana comes back slowly each day, and fully in a town with a mage guild.\n\nSpell power makes spells stronger and last longer. A damage spell adds its power bonus once per point of spell power.\n\nMagic heroes start with high knowledge and spell power; Might heroes can still cast, but less often.",
    author: "Codex Team",
    isFeatured: false,
    sortOrder: 2,
    daysAgo: 30,
  },
  {
    title: "Scouting and the fog of war",
    slug: "scouting",
    category: "Getting Started",
    summary: "See the map before it sees you: scouts, lookout towers and the value of a second hero.",
    content:
      "The map starts hidden. Every hero reveals the land around them, and a lookout tower reveals much more.\n\nSend a cheap second hero with a single fast unit to scout, flag mines and pick up loose resources. Keep your main hero with the army.\n\nAir magic's Visions spell shows how big a neutral stack really is before you attack it.",
    author: "Codex Team",
    isFeatured: false,
    sortOrder: 3,
    daysAgo: 86,
  },
  {
    title: "Flanking and stack placement",
    slug: "flanking",
    category: "Combat",
    summary: "Where to put your stacks before the first round, and why the corners matter.",
    content:
      "Before a battle you choose where each stack stands. Put ranged stacks in the corners, behind your slowest melee stacks.\n\nA stack attacked from two sides retaliates only once, so surround a dangerous enemy before you strike.\n\nFlying units ignore the placement rules of walls and obstacles: keep one back to guard your archers.",
    author: "Oskar Vell",
    isFeatured: false,
    sortOrder: 3,
    daysAgo: 66,
  },
  {
    title: "Choosing a hero class",
    slug: "hero-classes",
    category: "Heroes",
    summary: "Might, Magic or Hybrid: which kind of hero fits your faction and your plan.",
    content:
      "Might heroes raise attack and defense quickly and lead bigger armies into battle early.\n\nMagic heroes grow spell power and knowledge: weaker in week one, decisive by month two.\n\nHybrid heroes do a little of both. They are the safest choice while you learn a new faction.",
    author: "Mira Thornwell",
    isFeatured: true,
    sortOrder: 1,
    daysAgo: 45,
  },
  {
    title: "Skills worth learning first",
    slug: "first-skills",
    category: "Heroes",
    summary: "Logistics, Wisdom and the school of your faction: the skills that pay off soonest.",
    content:
      "Logistics lets a hero walk further every day: more mines, more treasure, earlier fights.\n\nWisdom lets a hero learn the higher levels of spells. Without it the best spells of your guild stay closed.\n\nTake the magic school your faction's guild offers before any other school.",
    author: "Codex Team",
    isFeatured: false,
    sortOrder: 2,
    daysAgo: 35,
  },
  {
    title: "The founding of the six factions",
    slug: "founding-of-the-factions",
    category: "Lore",
    summary: "How the Sundering split Aldermere into six peoples, and what each one swore.",
    content:
      "Before the Sundering, Aldermere had one crown. When the sky-stone fell, the crown broke into six pieces and so did the realm.\n\nThe Aurelian Concord kept the capital and its laws. The Tidewarden Compact took the coasts, the Cinderborn Horde the burning wastes, the Veilbound Covenant the old crypts, the Thornwild Circle the forests and the Skyforge Clans the mountains.\n\nEach people swore to restore the crown in its own image. None has managed it yet.",
    author: "Edda Brightwater",
    isFeatured: false,
    sortOrder: 1,
    daysAgo: 25,
  },
  {
    title: "Legends of the Emberglass",
    slug: "emberglass-legends",
    category: "Lore",
    summary: "Why the Horde and the Clans both claim the rarest resource of the realm.",
    content:
      "Emberglass forms where the sky-stone's fire cooled. The Cinderborn call it the blood of their ancestors; the Skyforge smiths call it the only metal that remembers its shape.\n\nEvery war between the two peoples began over an Emberglass seam.\n\nIn the game, whoever holds the Emberglass mines in the middle of the map usually holds the game.",
    author: "Oskar Vell",
    isFeatured: false,
    sortOrder: 2,
    daysAgo: 20,
  },
  {
    title: "Counter-spells and magic resistance",
    slug: "counter-spells",
    category: "Magic",
    summary: "Dispel, resistance and immunity: how to survive an enemy mage.",
    content:
      "Dispel removes every spell from a stack, friendly or not. Cast it on your own stack to lift a curse.\n\nSome creatures resist a share of every spell; a few are immune to one school.\n\nAgainst a Magic hero, split your army into more stacks: area spells then hit fewer creatures each.",
    author: "Edda Brightwater",
    isFeatured: false,
    sortOrder: 3,
    daysAgo: 15,
  },
  {
    title: "Trading at the marketplace",
    slug: "marketplace",
    category: "Economy",
    summary: "When a bad trade is still a good move, and how more markets improve the rates.",
    content:
      "Each marketplace you own improves every trade a little. With one market, ten Wood buys a single Sunstone; with five, it buys three.\n\nTrade when a building or a tier 7 dwelling is one resource away: a week of growth is worth more than the loss.\n\nNever sell your last rare resource: the next week's dwelling may need it.",
    author: "Mira Thornwell",
    isFeatured: false,
    sortOrder: 3,
    daysAgo: 10,
    isPublished: false,
  },
];
