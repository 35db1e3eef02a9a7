import { Link } from "react-router";
import type { MissingItem } from "@shared/missing-item";
import { Button, buttonClass } from "@/components/ui/button";
import { PageMeta } from "@/lib/page-meta";

/**
 * A page whose item does not exist ("Unit Not Found"...): the title, a sentence and the ways on;
 * never indexed. The texts are @shared/missing-item's, and the Worker paints the same markup into
 * the page's 404 answer (worker/pages/paint/missing-item.ts), so nothing moves when this replaces it.
 */
export function MissingItemView({ item, onGoBack }: { item: MissingItem; onGoBack?: () => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <PageMeta title={item.title} description={item.description} noIndex />
      <h1 className="font-display text-3xl font-bold text-ink">{item.title}</h1>
      <p className="mt-3 text-ink-muted">{item.lead}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {item.goBack && onGoBack ? (
          <Button variant="secondary" onClick={onGoBack}>
            Go Back
          </Button>
        ) : null}
        <Link to={item.back.to} className={buttonClass()}>
          {item.back.label}
        </Link>
      </div>
    </div>
  );
}
