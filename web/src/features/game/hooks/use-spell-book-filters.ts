import { useCallback, useMemo } from "react";
import { parseSpellBookFilters, spellBookQuery, type SpellBookFilters } from "@/features/game/lib/game-keys";
import { useSearchParamsState } from "@/lib/use-search-params-state";

/**
 * The spell book's filters, kept in the URL (/spells?school=Fire&level=2): links and reloads
 * keep them; changing one replaces the history entry.
 */
export function useSpellBookFilters(): [SpellBookFilters, (change: Partial<SpellBookFilters>) => void, () => void] {
  const [params, setParams] = useSearchParamsState();
  const filters = useMemo(() => parseSpellBookFilters(params), [params]);
  const update = useCallback(
    (change: Partial<SpellBookFilters>) =>
      setParams((current) => spellBookQuery({ ...parseSpellBookFilters(current), ...change }), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  const clear = useCallback(() => setParams(() => "", { replace: true, preventScrollReset: true }), [setParams]);
  return [filters, update, clear];
}
