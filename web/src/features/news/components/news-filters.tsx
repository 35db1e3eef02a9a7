import type { NewsFilters as NewsFilterOptions } from "@schemas/news";
import type { NewsFilterName, NewsUrlFilters } from "@/features/news/hooks/use-news-url-filters";
import { NewsSearchBox } from "./news-search-box";

type Props = {
  filters: NewsUrlFilters;
  options: NewsFilterOptions | undefined;
  onChange(name: NewsFilterName, value: string): void;
  onClear(): void;
};

const selectClass =
  "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/** Adds the current value to the options so a shared URL's filter still shows while options load. */
function withCurrent(list: string[] | undefined, current: string): string[] {
  const values = list ?? [];
  return current && !values.includes(current) ? [current, ...values] : values;
}

/** The /news filter card: search, Filter by Tag, Filter by Author, Active filters, Clear All Filters. */
export function NewsFilters({ filters, options, onChange, onClear }: Props) {
  const active: { name: NewsFilterName; label: string; value: string }[] = [];
  if (filters.search) active.push({ name: "search", label: "Search", value: filters.search });
  if (filters.tag) active.push({ name: "tag", label: "Tag", value: filters.tag });
  if (filters.author) active.push({ name: "author", label: "Author", value: filters.author });

  return (
    <section
      aria-label="Filter articles"
      className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="grid gap-4 md:grid-cols-3">
        <NewsSearchBox value={filters.search} onSearch={(value) => onChange("search", value)} />
        <FilterSelect
          id="news-tag"
          label="Filter by Tag"
          allLabel="All Tags"
          value={filters.tag}
          values={withCurrent(options?.tags, filters.tag)}
          onChange={(value) => onChange("tag", value)}
        />
        <FilterSelect
          id="news-author"
          label="Filter by Author"
          allLabel="All Authors"
          value={filters.author}
          values={withCurrent(options?.authors, filters.author)}
          onChange={(value) => onChange("author", value)}
        />
      </div>
      {active.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-line pt-4 text-sm">
          <span className="font-medium text-ink-muted">Active filters:</span>
          {active.map((f) => (
            <span
              key={f.name}
              className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-0.5 pr-1 pl-2.5 text-brand-900 dark:bg-brand-950 dark:text-brand-200"
            >
              {f.label}: {f.value}
              <button
                type="button"
                onClick={() => onChange(f.name, "")}
                aria-label={`Remove ${f.label.toLowerCase()} filter`}
                className="rounded-full px-1.5 leading-5 hover:bg-brand-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:hover:bg-brand-900"
              >
                ×
              </button>
            </span>
          ))}
          <button
            type="button"
            onClick={onClear}
            className="ml-auto rounded-lg px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-400 dark:hover:bg-brand-950"
          >
            Clear All Filters
          </button>
        </div>
      )}
    </section>
  );
}

/** A labelled filter dropdown whose first option ("All …") clears the filter. */
function FilterSelect(props: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  values: string[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)} className={selectClass}>
        <option value="">{props.allLabel}</option>
        {props.values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}
