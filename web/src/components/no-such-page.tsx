import { Link } from "react-router";
import { StateMessage } from "@/components/ui/state-message";
import { isPageOutOfRange } from "@/lib/api-client";

/**
 * A list page that serves nothing: past the last page of a non-empty list, or deeper than the
 * list lets a guest page (the API's 400, docs/decisions/0036). Not a load failure: it says which
 * page does not exist and links one that does.
 */
export function NoSuchPage({ title, href, label }: { title: string; href: string; label: string }) {
  return (
    <StateMessage title={title}>
      <p>
        <Link to={href} className="inline-flex min-h-6 items-center font-medium text-brand-700 underline underline-offset-4 dark:text-brand-400">
          {label}
        </Link>
      </p>
    </StateMessage>
  );
}

/** Whether a list's read shows NoSuchPage: refused for its page, or an empty page of a non-empty list. */
export const isNoSuchPage = (error: unknown, data: { items: readonly unknown[]; totalCount: number } | undefined): boolean =>
  (!data && isPageOutOfRange(error)) || (!!data && data.items.length === 0 && data.totalCount > 0);
