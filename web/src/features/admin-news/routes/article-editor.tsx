import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { NewsArticleInput } from "@schemas/news";
import { ProtectedRoute } from "@/components/protected-route";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import { ApiRequestError } from "@/lib/api-client";
import { parseId } from "@shared/ids";
import { PageMeta } from "@/lib/page-meta";
import { useSession } from "@/lib/session";
import { useToast } from "@/lib/toast";
import { useAdminNewsArticle } from "@/features/admin-news/api/get-admin-news-article";
import { saveNewsArticle } from "@/features/admin-news/api/save-news-article";
import { ArticleForm, articleToForm, emptyArticleForm } from "@/features/admin-news/components/article-form";

/** A positive integer id from the URL, else null. */
/** /admin/news/create and /admin/news/edit/{id} (moderators). */
export function Component() {
  return (
    <ProtectedRoute requireModerator>
      <ArticleEditor />
    </ProtectedRoute>
  );
}

function ArticleEditor() {
  const raw = useParams().id;
  const isNew = raw === undefined;
  const id = isNew ? null : parseId(raw);
  const { data: article, error, isLoading } = useAdminNewsArticle(id);
  const { user } = useSession();
  const navigate = useNavigate();
  const toast = useToast();

  async function submit(input: NewsArticleInput) {
    const saved = await saveNewsArticle(id, input);
    toast.success(isNew ? "Article created." : "Article saved.");
    void navigate(`/news/${saved.id}`);
  }
  const cancel = () => void navigate(isNew ? "/admin/news" : `/news/${id}`);

  const title = isNew ? "Create Article" : "Edit Article";
  const frame = (body: ReactNode) => (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageMeta title={title} description="Write and publish news articles." noIndex />
      <Link to="/admin/news" className="text-sm text-ink-muted hover:text-brand-700 hover:underline dark:hover:text-brand-400">
        ← Manage News
      </Link>
      {body}
    </div>
  );

  if (!isNew && (id === null || (error instanceof ApiRequestError && error.status === 404))) {
    return frame(
      <div className="py-16 text-center">
        <h1 className="font-display text-3xl font-bold text-ink">Article Not Found</h1>
        <p className="mt-3 text-ink-muted">There is no article to edit at this address.</p>
        <Link to="/admin/news" className={buttonClass({ className: "mt-8" })}>
          Back to Manage News
        </Link>
      </div>,
    );
  }
  if (!isNew && error && !article) {
    return frame(
      <Alert tone="error" title="Failed to load articles" className="mt-6">
        Please try again in a moment.
      </Alert>,
    );
  }
  if (!isNew && (isLoading || !article)) return frame(<LoadingState />);

  return frame(
    <>
      <h1 className="mt-4 font-display text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <div className="mt-8 rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <ArticleForm
          key={article?.id ?? "new"}
          initial={article ? articleToForm(article) : emptyArticleForm(user?.displayName ?? "")}
          submitLabel={isNew ? "Create Article" : "Save Changes"}
          onSubmit={submit}
          onCancel={cancel}
        />
      </div>
    </>,
  );
}
