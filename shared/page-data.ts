/**
 * Ids of the JSON elements the Worker writes into a page's HTML and the SPA reads back
 * (worker/pages, web/src/lib/initial-data.tsx, web/src/lib/site-settings.tsx).
 */

/** The page's first API answers by SWR key. */
export const INITIAL_DATA_ID = "initial-data";
/** The API's 404 envelopes by SWR key, for reads of the page other than its own record (a linked item that is gone). */
export const INITIAL_MISSING_ID = "initial-missing";
/** The page route's error when its loader failed (`{ status, data }`: the API's status and envelope), for hydration. */
export const ROUTE_ERROR_ID = "route-error";
/** The public site settings. */
export const SETTINGS_ELEMENT_ID = "site-settings";
/** The route's JS modules, for the app loader to preload. */
export const ROUTE_MODULES_ID = "route-modules";
