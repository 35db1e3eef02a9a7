/** The home page's fixed texts: rendered by the SPA (features/news/routes/home.tsx) and painted by the Worker (worker/pages/paint/news.ts). */
export const HOME_COPY = {
  title: "Welcome to Realm Codex",
  intro:
    "The unofficial fan wiki for a turn-based fantasy strategy game: news, factions, heroes, units and spells in one place.",
  aboutTitle: "About the Game",
  about:
    "Lead rival factions across a world of order and chaos: recruit heroes, raise armies of infantry, archers, cavalry and flying beasts, and master the schools of magic turn by turn.",
} as const;
