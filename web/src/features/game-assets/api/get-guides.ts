import useSWR from "swr";
import { apiKey } from "@shared/api-key";
import type { Paged } from "@schemas/query";
import type { GameInfoArticle, GameInfoCategories, GameInfoListItem } from "@schemas/gameinfo";
import { api, unwrap } from "@/lib/api-client";
import { useFreshLoad } from "@/lib/fresh-load";

/** Guides per page on /admin/game-info. */
export const ADMIN_GUIDES_PAGE_SIZE = 20;

export type GuideListQuery = { category: string; search: string; page: number };

const listQuery = (q: GuideListQuery): Record<string, string> => {
  const out: Record<string, string> = { publishedOnly: "false", pageSize: String(ADMIN_GUIDES_PAGE_SIZE) };
  if (q.category) out.category = q.category;
  if (q.search) out.search = q.search;
  if (q.page > 1) out.page = String(q.page);
  return out;
};

/** GET /api/gameinfo?publishedOnly=false (moderators): every guide, drafts too, featured first. */
export function useGuideList(q: GuideListQuery) {
  const query = listQuery(q);
  return useSWR(apiKey("/api/gameinfo", query), (): Promise<Paged<GameInfoListItem>> => unwrap(api.api.gameinfo.$get({ query })), {
    keepPreviousData: true,
  });
}

const ALL_CATEGORIES = { publishedOnly: "false" } as const;

/** GET /api/gameinfo/categories?publishedOnly=false: every category in use, drafts' too (the filter and the editor's suggestions). */
export function useGuideCategories() {
  return useSWR(apiKey("/api/gameinfo/categories", ALL_CATEGORIES), (): Promise<GameInfoCategories> =>
    unwrap(api.api.gameinfo.categories.$get({ query: ALL_CATEGORIES })),
  );
}

/** GET /api/gameinfo/{id} for the editor: loaded fresh when it opens (drafts too, for moderators). */
export function useGuideForEdit(id: number | null) {
  return useFreshLoad(id === null ? null : `/api/gameinfo/${id}`, (): Promise<GameInfoArticle> =>
    unwrap(api.api.gameinfo[":id"].$get({ param: { id: String(id) }, query: {} })),
  );
}
