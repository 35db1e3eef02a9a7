/**
 * Cards of long lists skip their style, layout and paint while they are far off screen
 * (`content-visibility: auto`); meanwhile they take the size the browser last saw them at, or
 * this estimate of a typical card (measured at 412 and 1280 px). A long list's first paint, and
 * the app's takeover of a painted list, then cost about a screenful instead of the whole list.
 * The class goes on the card that draws the border and shadow (its own shadow is not clipped).
 * The same strings serve the SPA's components and the Worker's painted views (worker/pages/paint).
 */
export const NEWS_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_32rem]";
export const SPELL_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_22rem]";
export const MEDIA_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-size:auto_21rem]";
