/**
 * Cards of long lists, and the sections of a page that start below a phone's first screen, skip
 * their style, layout and paint while they are far off screen (`content-visibility: auto`);
 * meanwhile they take the height the browser last saw them at, or this estimate (a typical card
 * or section, measured at 412 and 1280 px). Only the height is estimated: their width is the
 * layout's, since an estimated width (`contain-intrinsic-size` sets both) made a phone's column of
 * spell cards wider than the screen. A page's first paint, and its hydration, then cost about a
 * screenful instead of the whole page. The element clips what its
 * contents draw outside its box (paint containment): a card's class goes on the element that
 * draws its border, ring and shadow (its own are not clipped), and a section takes one only when
 * nothing inside it draws past its edges (text, padded children), never around cards with rings
 * or shadows (a keyboard focus ring would be cut off).
 */
export const NEWS_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-block-size:auto_32rem]";
export const MEDIA_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-block-size:auto_21rem]";
/** A section that starts below a phone's first screen and draws nothing past its edges (a biography). */
export const SECTION_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-block-size:auto_24rem]";
/** The site footer (in the prerendered shell): off screen on every page taller than the screen. */
export const FOOTER_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-block-size:auto_14rem]";
/** A level of a unit's upgrade chain (its current level has a ring). */
export const CHAIN_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-block-size:auto_26rem]";
/** A unit of the same tier in another faction, on the unit page. */
export const SAME_TIER_CARD_OFFSCREEN = "[content-visibility:auto] [contain-intrinsic-block-size:auto_7rem]";
