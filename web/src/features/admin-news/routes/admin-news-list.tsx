import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { NewsListItem } from "@schemas/news";
import { ProtectedRoute } from "@/components/protected-route";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { serverReason } from "@/lib/api-client";
import { formatShortDate } from "@/lib/format-date";
import { useLocalSite } from "@/lib/local-host";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { parsePage } from "@shared/ids";
import { useToast } from "@/lib/toast";
import { deleteNewsArticle } from "@/features/admin-news/api/delete-news-article";
import { useAdminNewsList } from "@/features/admin-news/api/get-admin-news-list";
import { StatusBadge } from "@/features/admin-news/components/status-badge";
import { TagOverflow } from "@/features/admin-news/components/tag-overflow";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@shared/paths";

/** /admin/news (moderators): every article with its state, View, Edit and Delete. */
export function Component() {
  return (
    <ProtectedRoute requireModerator>
      <AdminNewsList />
    </ProtectedRoute>
  );
}

function AdminNewsList() {
  const local = useLocalSite();
  const [params] = useSearchParams();
  const page = parsePage(params.get("page"));
  const { data, error, isLoading } = useAdminNewsList(page);
  const toast = useToast();
  const [deleting, setDeleting] = useState<number | null>(null);
  /** The article whose delete waits for confirmation. */
  const [confirming, setConfirming] = useState<NewsListItem | null>(null);

  async function handleDelete(article: NewsListItem) {
    setDeleting(article.id);
    try {
      await deleteNewsArticle(article.id);
      toast.success(`Deleted "${article.title}".`);
      setConfirming(null);
    } catch (err) {
      console.error("Deleting the article failed.", err);
      setConfirming(null);
      toast.error(serverReason(err, "Failed to delete article. Please try again."));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHead meta={noindexMeta("Manage News", "Create, edit, publish and delete news articles.")} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Manage News</h1>
        <Link to={paths.adminNewsCreate()} className={buttonClass()}>
          + Create Article
        </Link>
      </div>

      <div className="mt-8">
        {error && !data ? (
          <Alert tone="error" title="Failed to load articles">
            <p>
              {local
                ? "Make sure the backend is running (npm run dev starts the Worker that serves /api), then reload."
                : "Please check your connection and try again."}
            </p>
          </Alert>
        ) : isLoading && !data ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading...</span>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20 rounded-xl" />
            ))}
          </div>
        ) : !data || data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
            <p className="text-lg font-semibold text-ink">No articles yet.</p>
            <p className="mt-1 text-sm">Create the first one with the button above.</p>
          </div>
        ) : (
          <>
            {/* One card per article on phones; one bordered list from the small breakpoint up. */}
            <ul className="space-y-3 sm:space-y-0 sm:divide-y sm:divide-line sm:overflow-hidden sm:rounded-xl sm:border sm:border-line sm:bg-surface">
              {data.items.map((article) => (
                <li
                  key={article.id}
                  data-testid="admin-news-row"
                  className="flex flex-col gap-3 p-4 max-sm:rounded-xl max-sm:border max-sm:border-line max-sm:bg-surface max-sm:shadow-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <StatusBadge isPublished={article.isPublished} />
                      <h2 className="font-semibold break-words text-ink">{article.title}</h2>
                    </div>
                    <p className="text-sm text-ink-muted">
                      By {article.author} · {formatShortDate(article.publishedAt ?? article.createdAt)}
                    </p>
                    <TagOverflow tags={article.tags} />
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Link
                      to={paths.newsArticle(article.id)}
                      aria-label={`View "${article.title}"`}
                      className={buttonClass({ variant: "ghost", size: "sm" })}
                    >
                      View
                    </Link>
                    <Link
                      to={paths.adminNewsEdit(article.id)}
                      aria-label={`Edit "${article.title}"`}
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                    >
                      Edit
                    </Link>
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Delete "${article.title}"`}
                      disabled={deleting === article.id}
                      onClick={() => setConfirming(article)}
                    >
                      {deleting === article.id ? "Deleting..." : "Delete"}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <ConfirmDialog
              open={confirming !== null}
              title="Delete article"
              message={confirming ? `Are you sure you want to delete "${confirming.title}"?` : ""}
              confirmLabel="Delete"
              pendingLabel="Deleting..."
              pending={deleting !== null}
              onConfirm={() => confirming && void handleDelete(confirming)}
              onCancel={() => setConfirming(null)}
            />
            <div className="mt-8">
              <Pagination page={data.page} totalPages={data.totalPages} hrefFor={(p) => paths.adminNews(p > 1 ? { page: p } : undefined)} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
