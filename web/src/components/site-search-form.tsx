import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { SearchIcon } from "@/components/ui/icons";
import { paths } from "@shared/paths";

/** The longest search text the API takes. */
export const SITE_SEARCH_MAX = 200;

/** The search page's URL for a text (the page shows every type, page 1). */
export const siteSearchHref = (text: string) => paths.search({ q: text });

const sizes = {
  /** The desktop header: compact, fits the 64 px bar. */
  compact: { input: "h-9 text-sm pl-3 pr-10", button: "right-0.5 size-8" },
  /** The mobile menu and the search page. */
  large: { input: "h-11 text-base pl-4 pr-12", button: "right-1 size-9" },
} as const;

type Props = {
  /** The input's id (unique on the page). */
  id: string;
  /** The form's landmark name, e.g. "Site". */
  label: string;
  /** The search currently shown (from the URL); the box follows it when it changes. */
  query: string;
  onSearch(text: string): void;
  size?: keyof typeof sizes;
  /** Pressing `/` outside a text field focuses this box (while it is visible). */
  shortcut?: boolean;
  className?: string;
};

/**
 * A plain search form: a search field and a submit button. Without JavaScript it is a GET form to
 * /search?q=; with it, `onSearch` gets the trimmed text (empty text keeps focus in the box).
 */
export function SiteSearchForm({ id, label, query, onSearch, size = "compact", shortcut = false, className = "" }: Props) {
  const [text, setText] = useState(query);
  const [shown, setShown] = useState(query);
  // The search in the URL changed (a new search, back button, another page): show it.
  if (shown !== query) {
    setShown(query);
    setText(query);
  }
  const input = useRef<HTMLInputElement>(null);
  // Text typed into the header's box before the app hydrated it (hydration keeps the
  // element and its text): adopt it, or the next render would set the box back to `text`.
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== query) setText(typed);
    // Once, at the takeover.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const box = input.current;
      // Hidden (another breakpoint's box) or covered by a modal dialog: leave the key alone.
      if (!box || box.offsetParent === null || document.querySelector("dialog[open]")) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [shortcut]);

  const style = sizes[size];
  return (
    <form
      role="search"
      aria-label={label}
      action={paths.search()}
      method="get"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const wanted = text.trim();
        if (!wanted) {
          input.current?.focus();
          return;
        }
        onSearch(wanted);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={SITE_SEARCH_MAX}
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts={shortcut ? "/" : undefined}
        className={`w-full rounded-lg border border-line bg-surface text-ink placeholder:text-ink-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none [&::-webkit-search-cancel-button]:hidden ${style.input}`}
      />
      <button
        type="submit"
        aria-label="Search"
        className={`absolute top-1/2 inline-flex -translate-y-1/2 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600 ${style.button}`}
      >
        <SearchIcon className="size-4.5" />
      </button>
    </form>
  );
}
