import useSWR from "swr";
import { api, unwrap } from "@/lib/api-client";
import { apiKey } from "@shared/api-key";

/** GET /api/faction?activeOnly=false: the media form's faction choices (id and name only are used). */
export async function getFactionOptions(): Promise<{ id: number; name: string }[]> {
  const body = await unwrap(api.api.faction.$get({ query: { activeOnly: "false" } }));
  return body.items.map((f) => ({ id: f.id, name: f.name }));
}

export function useFactionOptions() {
  return useSWR(apiKey("/api/faction", { activeOnly: false }), getFactionOptions, { dedupingInterval: 5 * 60_000 });
}
