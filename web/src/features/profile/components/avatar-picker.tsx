import { useId, useState } from "react";
import { Tabs } from "@/components/ui/tabs";
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
  const visible = AVATARS.filter((a) => a.category === active);
  return (
    <div className="rounded-xl border border-line bg-surface-muted/40 p-3 sm:p-4">
      <Tabs
        look="pills"
        label="Avatar categories"
        idPrefix={baseId}
        panelId={() => `${baseId}-panel`}
        tabs={tabs.map((tab) => ({ id: tab.category, label: `${tab.category} (${tab.count})` }))}
        selected={active}
        onSelect={setActive}
      />
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
