import { WIKI_NAME_ORDER } from "@shared/wiki-syntax";
import type { BodyPreview } from "@/lib/wiki-preview";
import { Alert } from "@/components/ui/alert";

const REASONS: Record<BodyPreview["warnings"][number]["reason"], string> = {
  missing: "no page by that name or id",
  hidden: "the page is hidden or a draft",
  ambiguous: `several pages have that name; the first in the order ${WIKI_NAME_ORDER.join(", ")} is used (write [[unit:12]] to choose)`,
};

/** The editor's warnings about a body's wiki links and stat cards: what readers will see as "Page not found", and ambiguous names. */
export function PreviewWarnings({ warnings }: { warnings: BodyPreview["warnings"] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert tone="warning" title={warnings.length === 1 ? "1 link needs a look" : `${warnings.length} links need a look`} className="mt-3">
      <ul className="list-disc pl-5">
        {warnings.map((w, i) => (
          <li key={`${w.text}-${i}`}>
            <span className="font-semibold">{w.text}</span>: {REASONS[w.reason]}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
