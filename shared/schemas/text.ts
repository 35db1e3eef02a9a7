import { z } from "zod";

// Zod would probe for eval (new Function) to compile faster object parsers. Workers and the site's
// CSP both forbid eval; in the browser the refused probe is reported as a CSP issue on every page
// with a form. Every request schema starts here, so parsing runs without the probe wherever they load.
z.config({ jitless: true });

/**
 * Every text field of every request schema starts from `text()`, never from `z.string()` (a lint
 * rule holds shared/schemas to it): a string that refuses control characters. Tab and newline
 * are ordinary text; NUL, carriage return, escape, DEL and the C1 range are not, and would
 * otherwise reach the database, logs and other people's screens.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_MESSAGE = "Text must not contain control characters.";

/** True when the value holds a control character other than tab or newline. */
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);

/** `z.string(params)` that refuses control characters other than tab and newline. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasControlCharacters(value), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });

/** Any control character, tab and line breaks included, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = "Text must be one line, without control characters.";

/**
 * `text()` for values that end up in headers (the site name is the sender's name of account
 * mail): no control character at all, so no newline or tab either, which could start a header of
 * its own.
 */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !LINE_BREAKING.test(value), { message: SINGLE_LINE_MESSAGE, abort: true });
