import { Link, useNavigate } from "react-router";
import { SiteSearchForm } from "@/components/site-search-form";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { NoSuchPage } from "@/components/no-such-page";
import { isPageOutOfRange } from "@/lib/api-client";
import { Pagination } from "@/components/ui/pagination";
import { PageHead } from "@/lib/page-head";
import type { FirstViewRequest } from "@/app/routes";
import { SEARCH_TYPE_LABELS, SEARCH_TYPES, type SearchGroup, type SearchResponse, type SearchType } from "@shared/search";
import { pageTitle, searchMeta } from "@shared/seo";
import { searchKey, useSearchResults } from "@/features/search/api/get-search-results";
import { SearchResult } from "@/features/search/components/search-result";
import { SearchSkeleton } from "@/features/search/components/search-skeleton";
import { parseSearchUrl, searchHref, searchUrlParams, useSearchUrl } from "@/features/search/hooks/use-search-url";

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-400 dark:hover:text-brand-300";
/** A count as shown: "30+" when the type has more results than were ranked (SEARCH_MATCH_CAP). */
const shownCount = (n: number, capped?: boolean) => `${n}${capped ? "+" : ""}`;
const plural = (n: number, one: string, many: string, capped?: boolean) => `${shownCount(n, capped)} ${n === 1 && !capped ? one : many}`;

/** The search, its type and page (ADR 0047). */
export const canonicalSearch = (params: URLSearchParams) => searchUrlParams(parseSearchUrl(params));

/** The first view reads the search's results: every type's best, and the chosen type's page. */
export function firstView({ url }: FirstViewRequest) {
  const { q, type, page } = parseSearchUrl(url.searchParams);
  if (!q) return [];
  return type ? [searchKey({ q }), searchKey({ q, type, page })] : [searchKey({ q })];
}

/**
 * /search?q=&type=&page=: the site's search. Without a type, the best results of every type,
 * grouped; with one, that type's results page by page. The search lives in the URL; the header's
 * box shows it. An empty search shows a hint and asks the server nothing.
 */
export function Component() {
  const { q, type, page, pageHref, typeHref } = useSearchUrl();
  const navigate = useNavigate();
  // Every type's counts (the type filter) and, with a type chosen, that type's page.
  const all = useSearchResults(q ? { q } : null);
  const one = useSearchResults(q && type ? { q, type, page } : null);
  const shown = type ? one : all;
  const meta = searchMeta();

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHead meta={q ? { ...meta, title: pageTitle(`Search: “${q}”`) } : meta} />
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Search</h1>
      {/* Phones and tablets search here; wide screens use the header's box, which shows the same search. */}
      <SiteSearchForm
        id="page-search"
        label="Search page"
        query={q}
        size="large"
        onSearch={(text) => void navigate(searchHref({ q: text, type }))}
        className="mt-5 xl:hidden"
      />

      {!q ? (
        <p className="mt-8 rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
          Type a word or two in the search box to find news, game information, factions, units, heroes and spells.
        </p>
      ) : (
        <>
          <TypeFilter data={all.data} current={type} typeHref={typeHref} />
          <div className="mt-6" aria-busy={shown.isLoading}>
            {shown.error && !shown.data && isPageOutOfRange(shown.error) ? (
              <NoSuchPage title={`There is no page ${page} of these results.`} href={pageHref(1)} label="Go to the first page" />
            ) : shown.error && !shown.data ? (
              <LoadErrorAlert
                title="Failed to load search results"
                message="Something went wrong while searching. Please try again."
                onRetry={() => void shown.mutate()}
              />
            ) : !shown.data ? (
              <SearchSkeleton count={type ? 6 : 5} />
            ) : type ? (
              <TypeResults data={shown.data} type={type} page={page} q={q} pageHref={pageHref} />
            ) : (
              <GroupedResults data={shown.data} q={q} typeHref={typeHref} />
            )}
          </div>
        </>
      )}
    </div>
  );
}

function NoResults({ q }: { q: string }) {
  return (
    <div className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
      <p className="text-lg font-semibold text-ink">No results for “{q}”.</p>
      <p className="mt-2 text-sm">Check the spelling, use fewer words, or try another name.</p>
    </div>
  );
}

/** All, then every type that has results (and the chosen one), with counts; links keep the search. */
function TypeFilter({ data, current, typeHref }: { data: SearchResponse | undefined; current: SearchType | undefined; typeHref(type: SearchType | undefined): string }) {
  if (!data || (data.totalCount === 0 && !current)) return null;
  const group = (type: SearchType) => data.groups.find((g) => g.type === type);
  const count = (type: SearchType) => group(type)?.totalCount ?? 0;
  const types = SEARCH_TYPES.filter((t) => count(t) > 0 || t === current);
  const chip = (selected: boolean) =>
    `inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
      selected ? "border-brand-700 bg-brand-700 text-white" : "border-line bg-surface text-ink hover:bg-surface-muted"
    }`;
  const number = (n: number, capped: boolean | undefined, selected: boolean) => (
    <span className={`rounded-full px-1.5 text-xs tabular-nums ${selected ? "bg-black/20" : "bg-surface-muted text-ink-muted"}`}>{shownCount(n, capped)}</span>
  );
  return (
    <nav aria-label="Result types" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={typeHref(undefined)} aria-current={current ? undefined : "page"} className={chip(!current)}>
            All {number(data.totalCount, data.capped, !current)}
          </Link>
        </li>
        {types.map((t) => (
          <li key={t}>
            <Link to={typeHref(t)} aria-current={t === current ? "page" : undefined} className={chip(t === current)}>
              {SEARCH_TYPE_LABELS[t]} {number(count(t), group(t)?.capped, t === current)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function GroupedResults({ data, q, typeHref }: { data: SearchResponse; q: string; typeHref(type: SearchType): string }) {
  if (data.groups.length === 0) return <NoResults q={q} />;
  return (
    <>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {plural(data.totalCount, "result", "results", data.capped)} for “{q}”
      </p>
      <div className="mt-4 space-y-10">
        {data.groups.map((group) => (
          <Group key={group.type} group={group} moreHref={typeHref(group.type)} />
        ))}
      </div>
    </>
  );
}

function Group({ group, moreHref }: { group: SearchGroup; moreHref: string }) {
  const headingId = `results-${group.type}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-baseline gap-2 font-display text-xl font-bold text-ink">
        {group.label}
        <span className="text-sm font-semibold text-ink-muted tabular-nums">({shownCount(group.totalCount, group.capped)})</span>
      </h2>
      <ul className="mt-3 space-y-3">
        {group.items.map((hit) => (
          <SearchResult key={hit.id} hit={hit} />
        ))}
      </ul>
      {group.totalCount > group.items.length ? (
        <p className="mt-3 text-sm">
          <Link to={moreHref} className={linkClass}>
            {group.capped ? `See more ${group.label.toLowerCase()}` : `See all ${group.totalCount} ${group.label.toLowerCase()}`}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function TypeResults({ data, type, page, q, pageHref }: { data: SearchResponse; type: SearchType; page: number; q: string; pageHref(page: number): string }) {
  const group = data.groups.find((g) => g.type === type);
  if (!group) return <NoResults q={q} />;
  const { totalPages } = data;
  if (group.items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
        <p className="text-lg font-semibold text-ink">This page has no results.</p>
        <p className="mt-2 text-sm">
          <Link to={pageHref(1)} className={linkClass}>
            Go to the first page
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <h2 className="sr-only">{group.label}</h2>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {plural(group.totalCount, "result", "results", group.capped)} in {group.label} for “{q}”{totalPages > 1 ? ` · page ${page} of ${totalPages}` : ""}
      </p>
      <ul className="mt-4 space-y-3">
        {group.items.map((hit) => (
          <SearchResult key={hit.id} hit={hit} />
        ))}
      </ul>
      {group.capped ? (
        <p className="mt-6 text-sm text-ink-muted">
          Showing the best of the {group.totalCount} newest results. Add a word to narrow the search.
        </p>
      ) : null}
      <div className="mt-8">
        <Pagination page={page} totalPages={totalPages} hrefFor={pageHref} />
      </div>
    </>
  );
}
