/**
 * The version a write is based on (versioned writes, worker/db/queries/versioned.ts): the
 * record's `updatedAt` as the client read it. Optional: a write without it is based on the
 * record as stored when the write arrives. A different stored one is a 409 stale_version.
 */
import { text } from "./text";

/** The `updatedAt` the client read. */
export const versionText = text({ error: "updatedAt must be the timestamp you read." }).max(40);

/** The version field of a PUT body (spread into its object schema). */
export const versionField = { updatedAt: versionText.optional() };
