import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import { GAME_MAX_PAGE_SIZE } from "@shared/game";
import { api, unwrap } from "@/lib/api-client";
import type { AssetType } from "../asset-config";

export type AssetListArgs = { type: AssetType; factionId: number | null; upgradeLevel: number };

/** The editor's query per type: every row (activeOnly=false), units of one faction and level, heroes of one faction. */
export function assetListQuery({ type, factionId, upgradeLevel }: AssetListArgs) {
  switch (type) {
    case "factions":
      return { path: "/api/faction", query: { activeOnly: "false" } };
    case "units":
      return { path: "/api/unit", query: { activeOnly: "false", factionId: String(factionId), upgradeLevel: String(upgradeLevel), pageSize: String(GAME_MAX_PAGE_SIZE) } };
    case "heroes":
      return { path: "/api/hero", query: { activeOnly: "false", factionId: String(factionId), pageSize: String(GAME_MAX_PAGE_SIZE) } };
    case "spells":
      return { path: "/api/spell", query: { activeOnly: "false", pageSize: String(GAME_MAX_PAGE_SIZE) } };
  }
}

type List = { items: Record<string, unknown>[]; totalPages?: number };

async function fetchPage(args: AssetListArgs, page: number): Promise<List> {
  const { query: base } = assetListQuery(args);
  const query = page > 1 ? { ...base, page: String(page) } : base;
  switch (args.type) {
    case "factions":
      return unwrap(api.api.faction.$get({ query })) as Promise<List>;
    case "units":
      // (The unit route answers other shapes for other queries; this query gets the paged list.)
      return unwrap(api.api.unit.$get({ query }) as Promise<never>) as Promise<List>;
    case "heroes":
      return unwrap(api.api.hero.$get({ query })) as Promise<List>;
    case "spells":
      return unwrap(api.api.spell.$get({ query })) as Promise<List>;
  }
}

/**
 * Every row of the view, page after page: a list can hold more than one page (2,000 spells at
 * 100× data, 200 a page), and the grid virtualizes its rows, so it takes them all
 * (docs/scaling.md §6).
 */
async function fetchAssets(args: AssetListArgs): Promise<Record<string, unknown>[]> {
  const first = await fetchPage(args, 1);
  const items = [...first.items];
  for (let page = 2; page <= (first.totalPages ?? 1); page++) items.push(...(await fetchPage(args, page)).items);
  return items;
}

/**
 * The rows of the editor (moderators): always loaded fresh when the editor opens or the type,
 * faction or level changes, never a cached copy. Units and heroes wait for a faction.
 */
export function useAssetList(args: AssetListArgs) {
  const { path, query } = assetListQuery(args);
  const ready = args.type === "factions" || args.type === "spells" || args.factionId !== null;
  return useSWR(ready ? apiKey(path, query) : null, () => fetchAssets(args), {
    revalidateOnMount: true,
    dedupingInterval: 0,
    revalidateOnFocus: false,
    revalidateIfStale: true,
    keepPreviousData: false,
  });
}

/** The factions to choose from (all of them, inactive too). */
export function useFactionChoices() {
  return useSWR(apiKey("/api/faction", { activeOnly: "false" }), async () => {
    const body = await unwrap(api.api.faction.$get({ query: { activeOnly: "false" } }));
    return body.items.map((f) => ({ id: f.id, name: f.name }));
  });
}
