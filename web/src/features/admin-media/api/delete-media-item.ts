import { api, unwrap } from "@/lib/api-client";
import { revalidateAllMedia } from "./media-cache";

/** DELETE /api/media/{id} (its files go too). */
export async function deleteMediaItem(id: number): Promise<void> {
  await unwrap(api.api.media[":id"].$delete({ param: { id: String(id) } }));
  void revalidateAllMedia();
}
