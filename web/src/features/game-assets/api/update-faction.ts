import type { Faction, FactionInput } from "@schemas/faction";
import { api, unwrap } from "@/lib/api-client";
import { revalidateGameReads } from "./save-asset";

/**
 * PUT /api/faction/{id} with the version the form was loaded with (409 stale_version with the
 * stored faction when someone saved in between); then every cached game read loads again.
 */
export async function updateFaction(id: number, input: FactionInput & { updatedAt: string }): Promise<Faction> {
  const faction = (await unwrap(api.api.faction[":id"].$put({ param: { id: String(id) }, json: input }))) as Faction;
  void revalidateGameReads();
  return faction;
}
