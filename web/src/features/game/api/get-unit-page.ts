import useSWR from "swr";
import { gameKeys } from "@/features/game/lib/game-keys";
import { api, unwrap } from "@/lib/api-client";
import type { UnitDetail } from "@schemas/unit";
import { GAME_DEDUPE_MS } from "./game-cache";

/** GET /api/unit/{id} with its faction, upgrade chain and same-tier units: the unit page's one read. */
export async function getUnitPage(id: number): Promise<UnitDetail> {
  const body = await unwrap<unknown>(
    api.api.unit[":id"].$get({
      param: { id: String(id) },
      query: { includeFaction: "true", includeSameTier: "true", includeUpgrades: "true" },
    }),
  );
  // The client's JSON type is wider than the stored JSON lists; the shape is UnitDetail.
  return body as UnitDetail;
}

/** The unit page's data through SWR; `id` null (a malformed URL) fetches nothing. */
export function useUnitPage(id: number | null) {
  return useSWR(id === null ? null : gameKeys.unitPage(id), () => getUnitPage(id!), { dedupingInterval: GAME_DEDUPE_MS });
}
