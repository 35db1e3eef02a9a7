import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHead } from "@/lib/page-head";
import { NOT_FOUND_TITLE, pageNotFoundMeta } from "@shared/seo";
import { paths } from "@shared/paths";

const NOT_FOUND_LEAD = "The page you are looking for has wandered off the map. It may have been moved, renamed or never existed.";

/**
 * Any unknown path (spec: a catch-all page with links back home and to the news), answered 404.
 */
export function Component() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <PageHead meta={pageNotFoundMeta()} status={404} />
      <p className="font-display text-7xl font-bold text-brand-600 dark:text-brand-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-lg text-ink-muted">{NOT_FOUND_LEAD}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className={buttonClass()}>
          Go Home
        </Link>
        <Link to={paths.news()} className={buttonClass({ variant: "secondary" })}>
          Latest News
        </Link>
      </div>
    </section>
  );
}
