/** The "Page Not Found" page's fixed texts: the SPA's page (web/src/app/routes/not-found.tsx) and the Worker's painted first view and metadata. */
export const NOT_FOUND_TITLE = "Page Not Found";

export const NOT_FOUND_DESCRIPTION = "The page you were looking for does not exist on Realm Codex.";

export const NOT_FOUND_LEAD = "The page you are looking for has wandered off the map. It may have been moved, renamed or never existed.";
