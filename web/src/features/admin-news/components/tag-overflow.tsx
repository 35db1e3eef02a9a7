/** The admin list shows at most 2 tags per article. */
export const ADMIN_VISIBLE_TAGS = 2;

/** The first tags as chips, then '+N more' for the rest. */
export function TagOverflow({ tags, max = ADMIN_VISIBLE_TAGS }: { tags: string[]; max?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const hidden = tags.length - shown.length;
  return (
    <ul aria-label="Tags" className="flex flex-wrap items-center gap-1.5">
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900 dark:bg-brand-950 dark:text-brand-200">
          {tag}
        </li>
      ))}
      {hidden > 0 && (
        <li className="text-xs text-ink-muted" title={tags.slice(max).join(", ")}>
          +{hidden} more
        </li>
      )}
    </ul>
  );
}
