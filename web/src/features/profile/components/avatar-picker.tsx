import { useId, useRef, useState, type KeyboardEvent } from "react";
import { AVATARS, avatarTabs, handleAvatarError, type AvatarCategory } from "@/lib/avatars";

type Props = { value: string; onChange(path: string): void };

/**
 * The built-in avatar picker: one tab per category, sorted alphabetically with
 * counts, and a 3-to-8-column grid. Tabs follow the WAI-ARIA tabs pattern (arrow keys, Home,
 * End); each avatar is a toggle button (aria-pressed) reachable with Tab.
 */
export function AvatarPicker({ value, onChange }: Props) {
  const tabs = avatarTabs();
  const baseId = useId();
  const current = AVATARS.find((a) => a.path === value)?.category;
  const [active, setActive] = useState<AvatarCategory>(current ?? tabs[0]!.category);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setActive(tabs[next]!.category);
    tabRefs.current[next]?.focus();
  }

  const visible = AVATARS.filter((a) => a.category === active);
  return (
    <div className="rounded-xl border border-line bg-surface-muted/40 p-3 sm:p-4">
      <div role="tablist" aria-label="Avatar categories" className="flex flex-wrap gap-1 pb-2">
        {tabs.map((tab, i) => {
          const selected = tab.category === active;
          return (
            <button
              key={tab.category}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.category}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.category)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                selected ? "bg-brand-700 text-white" : "text-ink hover:bg-surface-muted"
              }`}
            >
              {tab.category} ({tab.count})
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${active}`}
        className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 md:grid-cols-5 lg:grid-cols-6 xl:grid-cols-8"
      >
        {visible.map((avatar) => {
          const selected = avatar.path === value;
          return (
            <button
              key={avatar.id}
              type="button"
              aria-pressed={selected}
              aria-label={`${avatar.name} (${avatar.category})`}
              title={avatar.name}
              onClick={() => onChange(avatar.path)}
              className={`group relative aspect-square overflow-hidden rounded-xl border-2 bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                selected ? "border-brand-600 ring-2 ring-brand-600/40" : "border-transparent hover:border-line"
              }`}
            >
              <img src={avatar.path} alt="" width={128} height={128} onError={handleAvatarError} className="h-full w-full object-cover" />
              {selected ? (
                <span className="absolute top-1 right-1 flex h-5 w-5 items-center justify-center rounded-full bg-brand-700 text-white" aria-hidden="true">
                  <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
                    <path d="M4 10.5l4 4 8-9" />
                  </svg>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
