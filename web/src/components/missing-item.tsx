import { Link } from "react-router";
import type { MissingItem } from "@/lib/missing-items";
import { Button, buttonClass } from "@/components/ui/button";
import { PageHead } from "@/lib/page-head";
import { missingItemMeta } from "@shared/seo";

/**
 * A page whose item does not exist ("Unit Not Found"...): the title, a sentence and the ways on;
 * never indexed, and answered 404 by the Worker, which renders it when the API answers 404 for
 * the item. The texts are MISSING_ITEMS' (web/src/lib/missing-items.ts).
 */
export function MissingItemView({ item, onGoBack }: { item: MissingItem; onGoBack?: () => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <PageHead meta={missingItemMeta(item)} status={404} />
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
