import { Link } from "react-router";
import { Button, buttonClass } from "@/components/ui/button";
import { PageMeta } from "@/lib/page-meta";
import { useGoBack } from "@/features/news/hooks/use-go-back";

/** A missing (or unpublished, for guests) article: 'Article Not Found', Go Back, View All News. */
export function ArticleNotFound() {
  const goBack = useGoBack("/news");
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <PageMeta title="Article Not Found" description="This news article does not exist or is no longer available." noIndex />
      <h1 className="font-display text-3xl font-bold text-ink">Article Not Found</h1>
      <p className="mt-3 text-ink-muted">The article you are looking for does not exist or has been removed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
        <Link to="/news" className={buttonClass()}>
          View All News
        </Link>
      </div>
    </div>
  );
}
