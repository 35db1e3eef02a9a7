import { useRef, type KeyboardEvent } from "react";

export const TAB_LOOKS = {
  /** Page sections (a faction's units, heroes, spells): an underlined row that scrolls sideways. */
  underline: {
    list: "flex gap-1 overflow-x-auto border-b border-line",
    tab: "-mb-px border-b-2 px-4 py-2.5 font-semibold transition-colors focus-visible:outline-offset-[-2px]",
    on: "border-brand-600 text-brand-800 dark:text-brand-300",
    off: "border-transparent text-ink-muted hover:border-line hover:text-ink",
  },
  /** Categories inside a form (the avatar picker): rounded pills that wrap. */
  pills: {
    list: "flex flex-wrap gap-1 pb-2",
    tab: "rounded-full px-3 py-1.5 font-medium focus-visible:outline-offset-2",
    on: "bg-brand-700 text-white",
    off: "text-ink hover:bg-surface-muted",
  },
} as const;

export type TabLook = keyof typeof TAB_LOOKS;

/** Class names of one tab button. */
export function tabClass(look: TabLook, active: boolean): string {
  const styles = TAB_LOOKS[look];
  return `shrink-0 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 ${styles.tab} ${active ? styles.on : styles.off}`;
}

export type TabItem<T extends string> = { id: T; label: string };

/**
 * A tab list (WAI-ARIA tabs pattern): one tab stop, arrow keys, Home and End move between tabs
 * and select them. Tab ids are `${idPrefix}-tab-${id}`; each tab controls `panelId(id)` (by
 * default `${idPrefix}-panel-${id}`; one shared panel when the panel only changes content).
 */
export function Tabs<T extends string>({
  tabs,
  selected,
  onSelect,
  idPrefix,
  label,
  panelId = (id) => `${idPrefix}-panel-${id}`,
  look = "underline",
}: {
  tabs: TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  idPrefix: string;
  label: string;
  panelId?: (id: T) => string;
  look?: TabLook;
}) {
  const styles = TAB_LOOKS[look];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={styles.list}>
      {tabs.map((tab, i) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={active}
            aria-controls={panelId(tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={tabClass(look, active)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
