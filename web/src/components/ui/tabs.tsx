import { useRef, type KeyboardEvent } from "react";
import { TAB_LOOKS, tabClass, type TabLook } from "@shared/tab-class";

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
