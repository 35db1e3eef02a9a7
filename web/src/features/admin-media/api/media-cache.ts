import { mutate } from "swr";

/** After any media or category write: every cached /api/media read refreshes. */
export function revalidateAllMedia(): Promise<unknown> {
  return mutate((key) => typeof key === "string" && key.startsWith("/api/media"));
}
