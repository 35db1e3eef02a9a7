import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { GameInfoListItem } from "@schemas/gameinfo";
import { parsePage } from "@shared/ids";
import { noindexMeta } from "@shared/seo";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass } from "@/components/ui/text-field";
import { Time } from "@/components/ui/time";
import { serverReason, staleRecord } from "@/lib/api-client";
import { PageHead } from "@/lib/page-head";
import { useToast } from "@/lib/toast";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { useGuideCategories, useGuideList, type GuideListQuery } from "../api/get-guides";
import { deleteGuide, setGuideFlags } from "../api/save-guide";
import { ModeratorGuard } from "../components/moderator-guard";
import { paths } from "@shared/paths";


function listParams(q: GuideListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.category) params.set("category", q.category);
  if (q.search) params.set("search", q.search);
  if (q.page > 1) params.set("page", String(q.page));
  return params;
}

const readQuery = (params: URLSearchParams): GuideListQuery => ({
  category: params.get("category") ?? "",
  search: params.get("search")?.trim() ?? "",
  page: parsePage(params.get("page")),
});

/** /admin/game-info (moderators and admins): every guide, drafts too, to write, publish, feature and delete. */
export function Component() {
  return (
    <ModeratorGuard title="Manage Game Info">
      <GuideList />
    </ModeratorGuard>
  );
}

/** A failed write's reason as the server gave it, else a fallback. */
const reason = (err: unknown, fallback: string) =>
  staleRecord(err) ? "Someone else changed this guide meanwhile. The list has been reloaded; try again." : serverReason(err, fallback);

function GuideList() {
  const [params, setParams] = useSearchParamsState();
  const query = readQuery(params);
  const { data, error, isLoading, mutate } = useGuideList(query);
  const categories = useGuideCategories();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<GameInfoListItem | null>(null);
  const filtered = Boolean(query.category || query.search);

  async function toggle(guide: GameInfoListItem, flag: "isPublished" | "isFeatured") {
    setBusy(guide.id);
    const on = !guide[flag];
    try {
      await setGuideFlags(guide, { [flag]: on });
      toast.success(`${flag === "isPublished" ? (on ? "Published" : "Unpublished") : on ? "Featured" : "No longer featured"}: "${guide.title}".`);
    } catch (err) {
      void mutate();
      toast.error(reason(err, flag === "isPublished" ? "Failed to update the published state. Please try again." : "Failed to update featured status. Please try again."));
    } finally {
      setBusy(null);
    }
  }

  async function remove(guide: GameInfoListItem) {
    setBusy(guide.id);
    try {
      await deleteGuide(guide.id);
      toast.success(`Deleted "${guide.title}".`);
    } catch (err) {
      toast.error(reason(err, "Failed to delete the guide. Please try again."));
    } finally {
      setConfirming(null);
      setBusy(null);
    }
  }

  const setFilter = (name: "category" | "search", value: string) =>
    setParams((current) => listParams({ ...readQuery(current), [name]: value.trim(), page: 1 }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHead meta={noindexMeta("Manage Game Info", "Write, publish, feature and delete game-info guides.")} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Manage Game Info</h1>
          <p className="mt-1 text-sm text-ink-muted">Guides, lore and mechanics. Drafts are seen by moderators only.</p>
        </div>
        <Link to={paths.adminGameInfoNew()} className={buttonClass()}>
          + New Guide
        </Link>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-56">
          <label htmlFor="guide-category" className="mb-1 block text-sm font-medium text-ink">
            Category
          </label>
          <select id="guide-category" className={inputClass} value={query.category} onChange={(e) => setFilter("category", e.target.value)}>
            <option value="">All categories</option>
            {(categories.data?.categories ?? []).map((c) => (
              <option key={c.value} value={c.value}>
                {c.value} ({c.count})
              </option>
            ))}
            {query.category && categories.data && !categories.data.categories.some((c) => c.value === query.category) ? (
              <option value={query.category}>{query.category}</option>
            ) : null}
          </select>
        </div>
        <SearchBox key={query.search} value={query.search} onSearch={(text) => setFilter("search", text)} />
      </div>

      <div className="mt-6" aria-busy={isLoading}>
        {error && !data ? (
          <LoadErrorAlert title="Failed to load the guides" error={error} onRetry={() => void mutate()} />
        ) : !data ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading...</span>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-24 rounded-xl" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
            <p className="text-lg font-semibold text-ink">{filtered ? "No guides match your filters." : "No guides yet."}</p>
            <p className="mt-1 text-sm">{filtered ? "Try another category or search." : "Write the first one with New Guide."}</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {data.totalCount === 1 ? "1 guide" : `${data.totalCount} guides`}
            </p>
            <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
              {data.items.map((guide) => (
                <li key={guide.id} data-testid="admin-guide-row" className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
                  <div className="min-w-0 space-y-1.5">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={guide.isPublished ? "success" : "warning"}>{guide.isPublished ? "Published" : "Draft"}</Badge>
                      {guide.isFeatured ? <Badge tone="brand">Featured</Badge> : null}
                      <h2 className="font-semibold break-words text-ink">{guide.title}</h2>
                    </div>
                    <p className="text-sm break-words text-ink-muted">
                      {guide.category} · /game-info/{guide.slug} · updated <Time dateTime={guide.updatedAt} format="short" />
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    {guide.isPublished ? (
                      <Link to={paths.gameInfoArticle(guide.slug)} aria-label={`View "${guide.title}"`} className={buttonClass({ variant: "ghost", size: "sm" })}>
                        View
                      </Link>
                    ) : null}
                    <Link to={paths.adminGameInfoEdit(guide.id)} aria-label={`Edit "${guide.title}"`} className={buttonClass({ variant: "secondary", size: "sm" })}>
                      Edit
                    </Link>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy === guide.id}
                      aria-label={`${guide.isPublished ? "Unpublish" : "Publish"} "${guide.title}"`}
                      onClick={() => void toggle(guide, "isPublished")}
                    >
                      {guide.isPublished ? "Unpublish" : "Publish"}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy === guide.id}
                      aria-label={`${guide.isFeatured ? "Unfeature" : "Feature"} "${guide.title}"`}
                      onClick={() => void toggle(guide, "isFeatured")}
                    >
                      {guide.isFeatured ? "Unfeature" : "Feature"}
                    </Button>
                    <Button variant="danger" size="sm" disabled={busy === guide.id} aria-label={`Delete "${guide.title}"`} onClick={() => setConfirming(guide)}>
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="mt-8">
              <Pagination
                page={data.page}
                totalPages={data.totalPages}
                hrefFor={(page) => paths.adminGameInfo(listParams({ ...query, page }))}
              />
            </div>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete guide"
        message={confirming ? `Are you sure you want to delete "${confirming.title}"? It can be restored from its history.` : ""}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={busy !== null && busy === confirming?.id}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-1 gap-2 sm:max-w-md">
      <label htmlFor="admin-guide-search" className="sr-only">
        Search guides
      </label>
      <input
        id="admin-guide-search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search title, summary, content..."
        maxLength={200}
        className={inputClass}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
