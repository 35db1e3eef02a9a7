import { useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { NewsArticle, NewsArticleInput } from "@schemas/news";
import { ProtectedRoute } from "@/components/protected-route";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { ConflictGuard, conflictFields } from "@/components/ui/conflict-prompt";
import { LoadingState } from "@/components/ui/spinner";
import { isNotFound } from "@/lib/api-client";
import { parseId } from "@shared/ids";
import { leaveWithoutAsking } from "@/lib/leave-guard";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSession } from "@/lib/session";
import { useToast } from "@/lib/toast";
import { useConflictSave } from "@/lib/use-conflict-save";
import { useAdminNewsArticle } from "@/features/admin-news/api/get-admin-news-article";
import { saveNewsArticle } from "@/features/admin-news/api/save-news-article";
import { ArticleForm, articleToForm, emptyArticleForm, type ArticleFormState } from "@/features/admin-news/components/article-form";
import { paths } from "@shared/paths";

/** The article's fields as the conflict prompt lists them. */
const ARTICLE_FIELDS: { key: keyof ArticleFormState; label: string }[] = [
  { key: "title", label: "Title" },
  { key: "summary", label: "Summary" },
  { key: "content", label: "Content" },
  { key: "author", label: "Author" },
  { key: "imageUrl", label: "Image" },
  { key: "imageAlt", label: "Image alt text" },
  { key: "tags", label: "Tags" },
  { key: "isPublished", label: "Published" },
];

const inputToForm = (input: NewsArticleInput): ArticleFormState => ({
  title: input.title,
  summary: input.summary,
  content: input.content,
  author: input.author,
  imageUrl: input.imageUrl ?? "",
  imageAlt: input.imageAlt,
  tags: input.tags.join(", "),
  isPublished: input.isPublished,
});

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

  const created = async (input: NewsArticleInput) => {
    const saved = await saveNewsArticle(null, input);
    toast.success("Article created.");
    leaveWithoutAsking(() => void navigate(paths.newsArticle(saved.id)));
  };
  const cancel = () => void navigate(isNew || id === null ? paths.adminNews() : paths.newsArticle(id));

  const title = isNew ? "Create Article" : "Edit Article";
  const frame = (body: ReactNode) => (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHead meta={noindexMeta(title, "Write and publish news articles.")} />
      <Link to={paths.adminNews()} className="text-sm text-ink-muted hover:text-brand-700 hover:underline dark:hover:text-brand-400">
        ← Manage News
      </Link>
      {body}
    </div>
  );

  if (!isNew && (id === null || isNotFound(error))) {
    return frame(
      <div className="py-16 text-center">
        <h1 className="font-display text-3xl font-bold text-ink">Article Not Found</h1>
        <p className="mt-3 text-ink-muted">There is no article to edit at this address.</p>
        <Link to={paths.adminNews()} className={buttonClass({ className: "mt-8" })}>
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
        {article ? (
          <EditArticle key={article.id} article={article} onCancel={cancel} />
        ) : (
          <ArticleForm initial={emptyArticleForm(user?.displayName ?? "")} submitLabel="Create Article" onSubmit={created} onCancel={cancel} />
        )}
      </div>
    </>,
  );
}

/**
 * Editing an existing article: saves send the version the form was loaded with. When someone
 * else saved the article in between (409), the form locks and the conflict prompt shows their
 * values: take theirs (the form reloads with them) or keep mine (saved again over theirs).
 */
function EditArticle({ article, onCancel }: { article: NewsArticle; onCancel(): void }) {
  const navigate = useNavigate();
  const toast = useToast();
  /** The stored article the form is based on (its version goes with Save), and the form's generation. */
  const [base, setBase] = useState({ article, generation: 0 });
  const saving = useConflictSave<NewsArticle, NewsArticleInput>({
    write: async (input, version) => {
      const saved = await saveNewsArticle(article.id, { ...input, updatedAt: version });
      toast.success("Article saved.");
      leaveWithoutAsking(() => void navigate(paths.newsArticle(saved.id)));
    },
    failMessage: "Failed to save article",
    onTakeTheirs: (theirs) => setBase((b) => ({ article: theirs, generation: b.generation + 1 })),
    // The form keeps the values; its next Save is based on their version.
    onKeepMine: (theirs) => setBase((b) => ({ article: { ...theirs }, generation: b.generation })),
  });

  return (
    <ConflictGuard
      saving={saving}
      subject="this article"
      fields={(c) => conflictFields(ARTICLE_FIELDS, inputToForm(c.mine), articleToForm(c.theirs))}
      keepMineHint="Take theirs loads their version into the form. Keep mine saves your version over theirs."
    >
      <ArticleForm
        key={base.generation}
        initial={articleToForm(base.article)}
        submitLabel="Save Changes"
        onSubmit={async (input) => void (await saving.save(input, base.article.updatedAt))}
        onCancel={onCancel}
      />
    </ConflictGuard>
  );
}
