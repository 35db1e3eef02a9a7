import type { NewsArticle, NewsArticleInput } from "@schemas/news";
import { api, unwrap } from "@/lib/api-client";
import { revalidateAllNews } from "@/lib/news-cache";

/** POST /api/news (create) or PUT /api/news/{id} (update); then every cached news read refreshes. */
export async function saveNewsArticle(id: number | null, input: NewsArticleInput): Promise<NewsArticle> {
  const article =
    id === null
      ? await unwrap(api.api.news.$post({ json: input }))
      : await unwrap(api.api.news[":id"].$put({ param: { id: String(id) }, json: input }));
  void revalidateAllNews();
  return article;
}
