/**
 * Cards of long lists, and the sections of a page that start below a phone's first screen, skip
 * their style, layout and paint while they are far off screen (`content-visibility: auto`);
 * meanwhile they take the size the browser last saw them at, or this estimate (a typical card or
 * section, measured at 412 and 1280 px). A page's first paint, and the app's takeover of a painted
 * page, then cost about a screenful instead of the whole page. A card's class goes on the element
 * that draws its border and shadow (its own shadow is not clipped).
 * The same strings serve the SPA's components and the Worker's painted views (worker/pages/paint).
 */
export const NEWS_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_32rem]";
export const SPELL_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_22rem]";
export const MEDIA_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_21rem]";
/** A section that starts below a phone's first screen (the unit's upgrade chain, a biography, related articles). */
export const SECTION_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_24rem]";
/** The site footer (in the prerendered shell): off screen on every page taller than the screen. */
export const FOOTER_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_14rem]";
