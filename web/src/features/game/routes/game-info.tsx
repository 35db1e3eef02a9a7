import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { gameInfoMeta } from "@/features/game/lib/game-seo";
import { gameInfoUrlParams, gameKeys, parseGameInfoFilters, type GameInfoUrlFilters } from "@/features/game/lib/game-keys";
import type { FirstViewRequest } from "@/app/routes";
import { PageLoadError } from "@/components/page-load-error";
import { buttonClass } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { inputClass } from "@/components/ui/text-field";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { SECTION_OFFSCREEN } from "@/lib/offscreen";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { useFactions } from "../api/get-factions";
import { useGameInfoCategories, useGameInfoList } from "../api/get-game-info";
import { AlignmentBadge } from "../components/alignment-badge";
import { GameInfoCard } from "../components/game-info-card";
import { paths } from "@shared/paths";

/** The category, search and page (ADR 0047). */
export const canonicalSearch = (params: URLSearchParams) => gameInfoUrlParams(parseGameInfoFilters(params));

/** The first view reads the URL's page of guides, the categories and the factions (one D1 round trip). */
export function firstView({ url }: FirstViewRequest) {
  return [gameKeys.gameInfoList(parseGameInfoFilters(url.searchParams)), gameKeys.gameInfoCategories(), gameKeys.factions()];
}

const href = (f: GameInfoUrlFilters) => paths.gameInfo(gameInfoUrlParams(f));

/**
 * /game-info: every published guide, featured first, with a category filter, a search and
 * pages, all in the URL; the factions (the spec's screen at this address) stay one click away.
 */
export function Component() {
  const [params, setParams] = useSearchParamsState();
  const filters = parseGameInfoFilters(params);
  const list = useGameInfoList(filters);
  const categories = useGameInfoCategories();
  const data = list.data;
  const filtered = Boolean(filters.category || filters.search);
  const meta = gameInfoMeta(useSiteOrigin(), {
    category: filters.category || undefined,
    guides: data?.items.map((g) => ({ title: g.title, slug: g.slug })),
  });
  const search = (text: string) =>
    setParams((current) => gameInfoUrlParams({ ...parseGameInfoFilters(current), search: text.trim(), page: 1 }));

  if (list.error && !data) {
    return <PageLoadError title="Failed to load game info" pageTitle="Game Info" error={list.error} onRetry={() => void list.mutate()} />;
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHead meta={meta} />
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">Game Info</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">Guides, lore and game mechanics from the community. Looking for units and heroes? They are listed under their faction.</p>

      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <CategoryFilter filters={filters} options={categories.data?.categories} />
        <SearchForm key={filters.search} filters={filters} onSearch={search} />
      </div>

      <section aria-labelledby="guides-heading" className="mt-8" aria-busy={list.isValidating}>
        <h2 id="guides-heading" className="sr-only">
          {filters.category ? `${filters.category} guides` : "Guides"}
        </h2>
        {!data ? (
          <LoadingRegion label="Loading guides..." className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-36 rounded-xl border border-line" />
            ))}
          </LoadingRegion>
        ) : data.items.length === 0 && data.totalCount > 0 ? (
          <StateMessage title="This page has no guides.">
            <p>
              <Link to={href({ ...filters, page: 1 })} className="font-medium text-brand-700 underline dark:text-brand-400">
                Go to the first page
              </Link>
            </p>
          </StateMessage>
        ) : data.items.length === 0 ? (
          filtered ? (
            <StateMessage title="No guides match your filters.">
              <p>
                Try another category or search, or{" "}
                <Link to={paths.gameInfo()} className="font-medium text-brand-700 underline dark:text-brand-400">
                  see every guide
                </Link>
                .
              </p>
            </StateMessage>
          ) : (
            <StateMessage title="No guides yet">
              <p>Guides, lore and mechanics will appear here once they are published.</p>
            </StateMessage>
          )
        ) : (
          <>
            <p className="mb-4 text-sm text-ink-muted" aria-live="polite">
              {data.totalCount === 1 ? "1 guide" : `${data.totalCount} guides`}
              {filters.category ? ` in ${filters.category}` : ""}
              {filters.search ? ` matching “${filters.search}”` : ""}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.items.map((guide) => (
                <li key={guide.id} className="flex [&>article]:w-full">
                  <GameInfoCard article={guide} headingLevel={3} showFeatured />
                </li>
              ))}
            </ul>
            <div className="mt-10">
              <Pagination page={data.page} totalPages={data.totalPages} hrefFor={(page) => href({ ...filters, page })} />
            </div>
          </>
        )}
      </section>

      <FactionLinks />
    </div>
  );
}

const pillClass =
  "inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none";
const pillIdle = "border-line bg-surface text-ink hover:bg-surface-muted";
const pillCurrent = "border-brand-700 bg-brand-700 text-white";

/** The categories as links (the filter lives in the URL), with how many guides each has. */
function CategoryFilter({ filters, options }: { filters: GameInfoUrlFilters; options: { value: string; count: number }[] | undefined }) {
  const current = filters.category.toLowerCase();
  const items = [{ label: "All", value: "", count: options?.reduce((n, o) => n + o.count, 0) }, ...(options ?? []).map((o) => ({ label: o.value, value: o.value, count: o.count }))];
  // A category in the URL that no published guide has (a stale link) still shows as chosen.
  if (filters.category && options && !options.some((o) => o.value.toLowerCase() === current)) {
    items.push({ label: filters.category, value: filters.category, count: 0 });
  }
  return (
    <nav aria-label="Categories" className="min-w-0">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const chosen = item.value.toLowerCase() === current;
          return (
            <li key={item.value || "all"}>
              <Link
                to={href({ category: item.value, search: filters.search, page: 1 })}
                aria-current={chosen ? "page" : undefined}
                className={`${pillClass} ${chosen ? pillCurrent : pillIdle}`}
              >
                {item.label}
                {item.count !== undefined ? (
                  <span className={chosen ? "text-white" : "text-ink-muted"}>
                    <span className="sr-only">, </span>
                    {item.count}
                    <span className="sr-only"> guides</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Search within the guides (works without JavaScript too: a GET form keeping the category). */
function SearchForm({ filters, onSearch }: { filters: GameInfoUrlFilters; onSearch(text: string): void }) {
  const [text, setText] = useState(filters.search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" action={paths.gameInfo()} method="get" onSubmit={submit} className="flex w-full gap-2 lg:w-80 lg:shrink-0">
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      <label htmlFor="guide-search" className="sr-only">
        Search guides
      </label>
      <input
        id="guide-search"
        name="search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search guides..."
        autoComplete="off"
        maxLength={200}
        className={inputClass}
      />
      <button type="submit" className={buttonClass({ variant: "secondary" })}>
        Search
      </button>
    </form>
  );
}

/** The factions, one click away (the spec put them at this address). */
function FactionLinks() {
  const { data, error } = useFactions();
  return (
    <section aria-labelledby="factions-heading" className={`mt-14 border-t border-line pt-8 ${SECTION_OFFSCREEN}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="factions-heading" className="font-display text-2xl font-bold text-ink">
          Factions
        </h2>
        <Link to={paths.factions()} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
          All factions with their units and heroes →
        </Link>
      </div>
      {error && !data ? (
        <p className="mt-3 text-sm text-ink-muted">The factions could not be loaded. Open the factions page to try again.</p>
      ) : data?.items.length ? (
        <ul className="mt-4 flex flex-wrap gap-3">
          {data.items.map((faction) => (
            <li key={faction.id}>
              <Link
                to={paths.faction(faction.id)}
                className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {faction.name}
                <AlignmentBadge alignment={faction.alignment} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
