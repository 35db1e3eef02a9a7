import { mutate } from "swr";
import type { GameInfoArticle, GameInfoInput, GameInfoListItem } from "@schemas/gameinfo";
import { api, unwrap } from "@/lib/api-client";

/** Every cached guide read (public and admin lists, pages, categories) and the history load again. */
export const revalidateGuides = () => mutate((key) => typeof key === "string" && /^\/api\/(gameinfo|history)/.test(key));

/** What the API takes: the schema's input (the slug may be left empty: made from the title). */
type GuideBody = Omit<GameInfoInput, "slug"> & { slug?: string | null; updatedAt?: string };

/** POST /api/gameinfo: a new guide (409 with errors.slug when the slug is taken). */
export async function createGuide(input: GuideBody): Promise<GameInfoArticle> {
  const guide = await unwrap(api.api.gameinfo.$post({ json: input }));
  void revalidateGuides();
  return guide;
}

/** PUT /api/gameinfo/{id} with the version the form was loaded with (409 stale_version when someone saved in between). */
export async function updateGuide(id: number, input: GuideBody & { updatedAt: string }): Promise<GameInfoArticle> {
  const guide = await unwrap(api.api.gameinfo[":id"].$put({ param: { id: String(id) }, json: input }));
  void revalidateGuides();
  return guide;
}

/** DELETE /api/gameinfo/{id}. */
export async function deleteGuide(id: number): Promise<void> {
  await unwrap(api.api.gameinfo[":id"].$delete({ param: { id: String(id) } }));
  await revalidateGuides();
}

/**
 * Publish or feature a guide from the list: the guide is read whole (the list has no content)
 * and written back with one flag changed, based on the version the list showed, so a change
 * someone made since is never overwritten (409 stale_version).
 */
export async function setGuideFlags(item: GameInfoListItem, flags: Partial<Pick<GameInfoArticle, "isPublished" | "isFeatured">>): Promise<GameInfoArticle> {
  const guide = await unwrap(api.api.gameinfo[":id"].$get({ param: { id: String(item.id) }, query: {} }));
  return updateGuide(item.id, { ...guide, ...flags, updatedAt: item.updatedAt });
}
