import type { JSONValue } from "hono/utils/types";

/** JSON values as stored in the JSON-typed columns (Hono's own JSON type, so the typed client agrees). */
export type JsonValue = JSONValue;
