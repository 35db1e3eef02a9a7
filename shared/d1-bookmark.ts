/**
 * The header that carries a D1 session bookmark both ways: the Worker answers with the latest
 * bookmark of the request's session, and the SPA sends the newest one it has seen with every
 * API request, so reads after a write see that write even on a read replica.
 */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
