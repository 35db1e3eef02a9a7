import { z } from "zod";
import { VARIANT_WIDTHS } from "../../shared/image-variants";
import { blankAsUndefined } from "../../shared/schemas/query";

const WIDTHS = VARIANT_WIDTHS.map(String) as [string, ...string[]];

/** GET /files/{key}: `w` asks for a resized copy (one of VARIANT_WIDTHS); `exp` and `sig` sign a private file. */
export const fileQuery = z.object({
  w: z.preprocess(blankAsUndefined, z.enum(WIDTHS, { error: `Width must be one of ${VARIANT_WIDTHS.join(", ")}.` }).optional()),
});
