import { api, unwrap } from "@/lib/api-client";
import { revalidateAllNews } from "@/lib/news-cache";

/** DELETE /api/news/{id}; then the lists reload. */
export async function deleteNewsArticle(id: number): Promise<void> {
  await unwrap(api.api.news[":id"].$delete({ param: { id: String(id) } }));
  await revalidateAllNews();
}
