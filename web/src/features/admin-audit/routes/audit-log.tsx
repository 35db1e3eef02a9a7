import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { auditQuerySchema, type AuditEntry, type AuditFieldChange } from "@schemas/audit";
import { AUDIT_ACTIONS, auditEntityLabel, auditEntityPath, type AuditAction } from "@shared/audit";
import { fieldErrorsFromIssues } from "@shared/field-errors";
import { noindexMeta } from "@shared/seo";
import { LoadErrorAlert } from "@/components/load-error-alert";
import { ProtectedRoute } from "@/components/protected-route";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { inputClass } from "@/components/ui/text-field";
import { Time } from "@/components/ui/time";
import { PageHead } from "@/lib/page-head";
import { useSearchParamsState } from "@/lib/use-search-params-state";
import { useAuditFilters, useAuditLog, type AuditUrlQuery } from "../api/get-audit";
import { paths } from "@shared/paths";

const FILTER_NAMES = ["user", "entityType", "entityId", "action", "from", "to"] as const;
type FilterName = (typeof FILTER_NAMES)[number];

const ACTION_WORDS: Record<AuditAction, { label: string; tone: BadgeTone }> = {
  create: { label: "Created", tone: "success" },
  update: { label: "Changed", tone: "info" },
  delete: { label: "Deleted", tone: "danger" },
};

/** The URL's filters (empty ones left out) and page. */
function readQuery(params: URLSearchParams): AuditUrlQuery {
  const out: AuditUrlQuery = {};
  for (const name of [...FILTER_NAMES, "page"] as const) {
    const value = params.get(name)?.trim();
    if (value) out[name] = value;
  }
  if (out.page === "1") delete out.page;
  return out;
}

const hrefOf = (query: AuditUrlQuery) => {
  return paths.adminAudit(new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]))));
};

/** /admin/audit (administrators): who did what and when, newest first, with filters in the URL. */
export function Component() {
  return (
    <ProtectedRoute requireAdmin>
      <AuditLog />
    </ProtectedRoute>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParamsState();
  const query = readQuery(params);
  // The URL is checked with the API's own schema: a bad filter says what is wrong instead of asking.
  const checked = auditQuerySchema.safeParse(query);
  const problems = checked.success ? null : fieldErrorsFromIssues(checked.error.issues);
  const log = useAuditLog(checked.success ? query : null);
  const filters = useAuditFilters();
  const filtered = FILTER_NAMES.some((name) => query[name]);
  const data = problems ? undefined : log.data;

  const setFilter = (name: FilterName, value: string) =>
    setParams((current) => {
      const next = readQuery(current);
      if (value) next[name] = value;
      else delete next[name];
      delete next.page;
      return next as Record<string, string>;
    });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHead meta={noindexMeta("Audit Log", "Who changed what on the site, and when.")} />
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Audit Log</h1>
      <p className="mt-1 text-sm text-ink-muted">Every change made by moderators and administrators, newest first. Entries cannot be changed or deleted.</p>

      <FilterBar query={query} options={filters.data} onChange={setFilter} onClear={() => setParams(() => "")} errors={problems} />
      {filters.error && !filters.data ? (
        <LoadErrorAlert
          tone="warning"
          className="mt-3"
          title="The filter's choices could not be loaded"
          message="The User and Entity type lists stay empty until they load."
          onRetry={() => void filters.mutate()}
        />
      ) : null}

      <div className="mt-6" aria-busy={log.isValidating}>
        {problems ? (
          <Alert tone="error" title="These filters cannot be used">
            <ul className="list-disc pl-5">
              {Object.entries(problems).map(([field, messages]) => (
                <li key={field}>{messages[0]}</li>
              ))}
            </ul>
            <Link to={paths.adminAudit()} className="mt-2 inline-block font-medium underline">
              Clear the filters
            </Link>
          </Alert>
        ) : log.error && !data ? (
          <LoadErrorAlert title="Failed to load the audit log" error={log.error} onRetry={() => void log.mutate()} />
        ) : !data ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading...</span>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-28 rounded-xl" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
            <h2 className="text-lg font-semibold text-ink">{data.totalCount > 0 ? "This page has no entries." : filtered ? "No entries match these filters." : "Nothing has been changed yet."}</h2>
            {filtered || data.totalCount > 0 ? (
              <p className="mt-1 text-sm">
                <Link to={data.totalCount > 0 ? hrefOf({ ...query, page: undefined }) : paths.adminAudit()} className="font-medium text-brand-700 underline dark:text-brand-400">
                  {data.totalCount > 0 ? "Go to the first page" : "Clear the filters"}
                </Link>
              </p>
            ) : null}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {data.totalCount === 1 ? "1 entry" : `${data.totalCount.toLocaleString("en-US")} entries`}
            </p>
            <ol className="space-y-3" data-testid="audit-entries">
              {data.items.map((entry) => (
                <AuditCard key={entry.id} entry={entry} />
              ))}
            </ol>
            <div className="mt-8">
              <Pagination page={data.page} totalPages={data.totalPages} hrefFor={(page) => hrefOf({ ...query, page: page > 1 ? String(page) : undefined })} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

type FilterOptions = ReturnType<typeof useAuditFilters>["data"];

function FilterBar({
  query,
  options,
  onChange,
  onClear,
  errors,
}: {
  query: AuditUrlQuery;
  options: FilterOptions;
  onChange(name: FilterName, value: string): void;
  onClear(): void;
  errors: Record<string, string[]> | null;
}) {
  const id = useId();
  const field = (name: FilterName, label: string, control: (props: { id: string; "aria-invalid"?: true }) => ReactNode) => (
    // On a phone the two dates share a row; the selects take a row each.
    <div className={`min-w-0 ${name === "from" || name === "to" ? "" : "col-span-2 sm:col-span-1"}`}>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {control({ id: `${id}-${name}`, "aria-invalid": errors?.[name] ? true : undefined })}
    </div>
  );
  const userKnown = !query.user || options?.users.some((u) => String(u.id) === query.user);
  const typeKnown = !query.entityType || options?.entityTypes.some((t) => t.value === query.entityType);
  return (
    <section aria-label="Filters" className="mt-6 rounded-xl border border-line bg-surface p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {field("user", "User", (p) => (
          <select {...p} className={inputClass} value={query.user ?? ""} onChange={(e) => onChange("user", e.target.value)}>
            <option value="">Everyone</option>
            {options?.users.map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.email ? `${u.name} (${u.email})` : u.name} · {u.count}
              </option>
            ))}
            {!userKnown ? <option value={query.user}>User #{query.user}</option> : null}
          </select>
        ))}
        {field("entityType", "Entity type", (p) => (
          <select {...p} className={inputClass} value={query.entityType ?? ""} onChange={(e) => onChange("entityType", e.target.value)}>
            <option value="">All types</option>
            {options?.entityTypes.map((t) => (
              <option key={t.value} value={t.value}>
                {auditEntityLabel(t.value)} · {t.count}
              </option>
            ))}
            {!typeKnown ? <option value={query.entityType}>{auditEntityLabel(query.entityType!)}</option> : null}
          </select>
        ))}
        {field("action", "Action", (p) => (
          <select {...p} className={inputClass} value={query.action ?? ""} onChange={(e) => onChange("action", e.target.value)}>
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_WORDS[a].label}
              </option>
            ))}
          </select>
        ))}
        {field("from", "From (UTC)", (p) => (
          <input {...p} type="date" className={inputClass} value={query.from ?? ""} max={query.to} onChange={(e) => onChange("from", e.target.value)} />
        ))}
        {field("to", "To (UTC)", (p) => (
          <input {...p} type="date" className={inputClass} value={query.to ?? ""} min={query.from} onChange={(e) => onChange("to", e.target.value)} />
        ))}
      </div>
      {query.entityId ? (
        <p className="mt-3 text-sm text-ink-muted">
          Only {auditEntityLabel(query.entityType ?? "record").toLowerCase()} #{query.entityId}.{" "}
          <button type="button" className="font-medium text-brand-700 underline dark:text-brand-400" onClick={() => onChange("entityId", "")}>
            Show all of them
          </button>
        </p>
      ) : null}
      <div className="mt-3 flex justify-end">
        <Button size="sm" variant="ghost" onClick={onClear} disabled={!FILTER_NAMES.some((name) => query[name])}>
          Clear filters
        </Button>
      </div>
    </section>
  );
}

/** A value as the log shows it: text as it is, empty as a dash, lists and objects as JSON. */
const show = (value: unknown) =>
  value === null || value === undefined || value === "" ? "—" : typeof value === "string" ? value : typeof value === "boolean" ? (value ? "Yes" : "No") : JSON.stringify(value);

function AuditCard({ entry }: { entry: AuditEntry }) {
  const path = auditEntityPath(entry.entityType, entry.entityId);
  const what = `${auditEntityLabel(entry.entityType)} #${entry.entityId}`;
  const action = ACTION_WORDS[entry.action];
  return (
    <li className="rounded-xl border border-line bg-surface p-4 shadow-sm" data-testid="audit-entry">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <p className="min-w-0 text-sm break-words text-ink">
          <Badge tone={action.tone} className="mr-2 align-middle">
            {action.label}
          </Badge>
          {path ? (
            <Link to={path} className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
              {what}
            </Link>
          ) : (
            <span className="font-semibold">{what}</span>
          )}
          {entry.entityName ? <span className="text-ink"> “{entry.entityName}”</span> : null}
          <span className="text-ink-muted"> by </span>
          <span className="font-medium">{entry.user ? entry.user.name : "the system (outside the site)"}</span>
        </p>
        <Time dateTime={entry.createdAt} format="dateTime" className="shrink-0 text-xs text-ink-muted" />
      </div>
      {entry.changes.length ? <Changes changes={entry.changes} /> : <p className="mt-2 text-xs text-ink-muted">No fields recorded.</p>}
    </li>
  );
}

function Changes({ changes }: { changes: readonly AuditFieldChange[] }) {
  return (
    <dl className="mt-3 divide-y divide-line rounded-lg border border-line text-xs">
      {changes.map((c) => (
        <div key={c.field} className="grid gap-1 p-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
          <dt className="font-medium break-words text-ink-muted">{c.field}</dt>
          <dd className="min-w-0 space-y-0.5">
            {"old" in c ? (
              <p className="break-words whitespace-pre-line text-red-800 dark:text-red-300">
                <span className="sr-only">Old value: </span>
                <del className="decoration-red-400/60">{show(c.old)}</del>
              </p>
            ) : null}
            {"new" in c ? (
              <p className="break-words whitespace-pre-line text-green-800 dark:text-green-300">
                {"old" in c ? <span aria-hidden="true">→ </span> : null}
                <span className="sr-only">New value: </span>
                {show(c.new)}
              </p>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
