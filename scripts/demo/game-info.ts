/** Game-info articles: 8 in 4 categories, all published, some featured. */

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
      "Battles are fought on a hex grid. Stacks act in order of initiative; a stack with high morale may act again, and one with low morale may lose its turn.\n\nEvery stack retaliates once per round when attacked in melee, unless the attacker has an ability that prevents it. Ranged stacks deal half damage when an enemy stands next to them.\n\nLuck adds a chance to deal double damage. Both morale and luck range from -3 to +3.",
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
];
