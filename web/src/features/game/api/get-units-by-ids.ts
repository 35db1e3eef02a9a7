import useSWR from "swr";
import { gameKeys } from "@/features/game/lib/game-keys";
import { api, unwrap } from "@/lib/api-client";
import type { UnitsByIds } from "@schemas/unit";
import { GAME_DEDUPE_MS } from "./game-cache";

/** GET /api/unit?ids=…: the compared units in the order asked, and the ids that name no visible unit. */
export async function getUnitsByIds(ids: readonly number[]): Promise<UnitsByIds> {
  // With `ids` the route answers UnitsByIds (its list envelope is for the filtered list).
  const body = await unwrap<unknown>(api.api.unit.$get({ query: { ids: ids.join(","), page: "1", pageSize: "4" } }));
  return body as UnitsByIds;
}

/** The comparison's units through SWR; no ids fetches nothing. */
export function useUnitsByIds(ids: readonly number[]) {
  return useSWR(ids.length ? gameKeys.unitsByIds(ids) : null, () => getUnitsByIds(ids), {
    dedupingInterval: GAME_DEDUPE_MS,
    keepPreviousData: true,
  });
}
