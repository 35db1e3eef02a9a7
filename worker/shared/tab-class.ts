/**
 * Class names of the tab lists (WAI-ARIA tabs), shared by the SPA's Tabs (web/src/components/ui/tabs.tsx)
 * and the Worker's painted first views (worker/pages/paint), so a painted tab row has the same boxes.
 */
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
