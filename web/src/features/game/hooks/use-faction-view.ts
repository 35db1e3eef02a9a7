import { useCallback, useMemo } from "react";
import { factionViewParams, parseFactionView, type FactionView } from "@/features/game/lib/game-keys";
import { useSearchParamsState } from "@/lib/use-search-params-state";

/**
 * The faction page's tab and filters, kept in the URL (?tab=units&tier=3&type=Flying): links
 * and reloads keep them; changing one replaces the history entry (no request, no scroll).
 */
export function useFactionView(): [FactionView, (change: Partial<FactionView>) => void] {
  const [params, setParams] = useSearchParamsState();
  const view = useMemo(() => parseFactionView(params), [params]);
  const update = useCallback(
    (change: Partial<FactionView>) =>
      setParams((current) => factionViewParams({ ...parseFactionView(current), ...change }), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return [view, update];
}
