import { Link } from "react-router";
import { SPELL_LEVEL_RANGE, SPELL_SCHOOLS, SPELL_TARGETS, SPELL_TYPES } from "@shared/game";
import { SPELL_BOOK_DESCRIPTION, SPELL_BOOK_TITLE, spellBookMeta } from "@/features/game/lib/game-seo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadingRegion, SkeletonCard } from "@/components/ui/skeleton";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { gameKeys, parseSpellBookFilters, parseSpellBookPage, spellBookPath, spellBookSearch } from "@/features/game/lib/game-keys";
import { Pagination } from "@/components/ui/pagination";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import type { FirstViewRequest } from "@/app/routes";
import { useSpellBook } from "@/features/game/api/get-spell-book";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { FilterSelect } from "@/features/game/components/filter-select";
import { PageLoadError } from "@/components/page-load-error";
import { SpellDetails } from "@/features/game/components/spell-details";
import { StateMessage } from "@/components/ui/state-message";
import { isNoSuchPage, NoSuchPage } from "@/components/no-such-page";
import { useSpellBookFilters } from "@/features/game/hooks/use-spell-book-filters";
import { paths } from "@shared/paths";

const LEVELS = Array.from({ length: SPELL_LEVEL_RANGE.max - SPELL_LEVEL_RANGE.min + 1 }, (_, i) => SPELL_LEVEL_RANGE.min + i);
const all = (label: string) => ({ value: "" as const, label });

/** The first view reads the spell book's page as the URL filters and pages it. */
/** The filters and page (ADR 0047). */
export const canonicalSearch = (params: URLSearchParams) => spellBookSearch(parseSpellBookFilters(params), parseSpellBookPage(params));

export const firstView = ({ url }: FirstViewRequest) => [gameKeys.spellBook(parseSpellBookFilters(url.searchParams), parseSpellBookPage(url.searchParams))];

/**
 * /spells: the spells, filtered by school, level, type and target, a page at a time
 * (`?page=N`, real links; a filter change goes back to page 1). Filters and page live in the URL.
 * A page holds at most SPELL_BOOK_PAGE_SIZE cards, all laid out: skipping off-screen cards
 * (`content-visibility: auto`) left their links measured on top of each other, which the
 * target-size check (24×24 CSS px) counts as too small. Every link here is at least 24 px tall.
 */
export function Component() {
  const [filters, update, clear] = useSpellBookFilters();
  const [params] = useSearchParamsState();
  const page = parseSpellBookPage(params);
  const { data, error, isLoading, isValidating, mutate } = useSpellBook(filters, page);
  const meta = spellBookMeta(useSiteOrigin());
  const active = Object.values(filters).some((v) => v !== undefined);
  const spells = data?.items ?? [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHead meta={meta} />
      <Breadcrumb trail={[{ label: "Home", to: paths.home() }]} current={SPELL_BOOK_TITLE} />
      <h1 className="mt-4 font-display text-3xl font-bold tracking-tight text-ink">{SPELL_BOOK_TITLE}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{SPELL_BOOK_DESCRIPTION}</p>

      <div role="search" aria-label="Filter spells" className="mt-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="spell-school"
          label="School"
          value={filters.school ?? ""}
          options={[all("All Schools"), ...SPELL_SCHOOLS.map((s) => ({ value: s, label: s }))]}
          onChange={(v) => update({ school: v || undefined })}
        />
        <FilterSelect
          id="spell-level"
          label="Level"
          value={filters.level === undefined ? "" : String(filters.level)}
          options={[all("All Levels"), ...LEVELS.map((l) => ({ value: String(l), label: `Level ${l}` }))]}
          onChange={(v) => update({ level: v ? Number(v) : undefined })}
        />
        <FilterSelect
          id="spell-type"
          label="Type"
          value={filters.type ?? ""}
          options={[all("All Types"), ...SPELL_TYPES.map((t) => ({ value: t, label: t }))]}
          onChange={(v) => update({ type: v || undefined })}
        />
        <FilterSelect
          id="spell-target"
          label="Target"
          value={filters.target ?? ""}
          options={[all("All Targets"), ...SPELL_TARGETS.map((t) => ({ value: t, label: t }))]}
          onChange={(v) => update({ target: v || undefined })}
        />
        {active ? (
          <Button variant="ghost" onClick={clear}>
            Clear Filters
          </Button>
        ) : null}
      </div>

      <div className="mt-6" aria-busy={isValidating}>
        {error && !data ? (
          <PageLoadError title="Failed to Load Spells" error={error} onRetry={() => void mutate()} />
        ) : isLoading && !data ? (
          <LoadingRegion label="Loading spells..." className="grid gap-4 md:grid-cols-2">
            {Array.from({ length: 4 }, (_, i) => (
              <SkeletonCard key={i} withImage={false} />
            ))}
          </LoadingRegion>
        ) : data && isNoSuchPage(error, data) ? (
          <NoSuchPage
            title={`There is no page ${page} of these spells.`}
            href={spellBookPath(filters, data.totalPages)}
            label={`Go to the last page (page ${data.totalPages})`}
          />
        ) : spells.length === 0 ? (
          <StateMessage title="No spells found matching the current filters." />
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted" role="status" data-testid="spell-count">
              {data!.totalCount} {data!.totalCount === 1 ? "spell" : "spells"}
              {data!.totalPages > 1 ? ` · page ${data!.page} of ${data!.totalPages}` : ""}
            </p>
            <ul className="grid gap-4 md:grid-cols-2" data-testid="spell-list">
              {spells.map((spell) => (
                <li key={spell.id}>
                  <article aria-labelledby={`spell-${spell.id}`} className="h-full rounded-2xl border border-line bg-surface p-5 shadow-sm">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h2 id={`spell-${spell.id}`} className="text-lg font-semibold text-ink">
                        <Link to={paths.spell(spell.id)} className="inline-block hover:text-brand-700 hover:underline dark:hover:text-brand-400">
                          {spell.name}
                        </Link>
                      </h2>
                      <div className="flex gap-1.5">
                        <Badge tone="brand">{spell.school}</Badge>
                        <Badge>Level {spell.level}</Badge>
                      </div>
                    </div>
                    <p className="mt-2 text-sm text-ink-muted">{spell.description}</p>
                    <div className="mt-4">
                      <SpellDetails spell={spell} />
                    </div>
                  </article>
                </li>
              ))}
            </ul>
            <div className="mt-8">
              <Pagination page={data!.page} totalPages={data!.totalPages} hrefFor={(p) => spellBookPath(filters, p)} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
