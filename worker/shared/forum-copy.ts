/** The forum page's fixed texts: the SPA's page (features/forum) and the Worker's painted first view. */
export const FORUM_TITLE = "Community Forum";

export const FORUM_INTRO = "Talk strategy, share your favourite factions and meet other players.";

/** The community guidelines. */
export const FORUM_GUIDELINES = ["Be respectful", "Stay on topic", "No spam", "Use appropriate language", "Search before posting"] as const;
