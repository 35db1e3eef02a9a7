import { apiKey } from "@shared/api-key";
import type { Faction } from "@schemas/faction";
import { api, unwrap } from "@/lib/api-client";
import { useFreshLoad } from "@/lib/fresh-load";

const EDIT_QUERY = { activeOnly: "false" } as const;

/** GET /api/faction/{id}?activeOnly=false for the edit page: loaded fresh when the page opens (inactive factions too). */
export function useFactionForEdit(id: number | null) {
  return useFreshLoad(id === null ? null : apiKey(`/api/faction/${id}`, EDIT_QUERY), (): Promise<Faction> =>
    unwrap(api.api.faction[":id"].$get({ param: { id: String(id) }, query: EDIT_QUERY })) as Promise<Faction>,
  );
}
