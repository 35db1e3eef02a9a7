import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { factionViewParams, parseFactionView, type FactionView } from "@shared/game-keys";

/**
 * The faction page's tab and filters, kept in the URL (?tab=units&tier=3&type=Flying): links
 * and reloads keep them; changing one replaces the history entry (no request, no scroll).
 */
export function useFactionView(): [FactionView, (change: Partial<FactionView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseFactionView(params), [params]);
  const update = useCallback(
    (change: Partial<FactionView>) => setParams(factionViewParams({ ...view, ...change }), { replace: true, preventScrollReset: true }),
    [view, setParams],
  );
  return [view, update];
}
