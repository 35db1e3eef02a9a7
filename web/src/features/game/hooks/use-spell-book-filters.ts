import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { parseSpellBookFilters, spellBookQuery, type SpellBookFilters } from "@shared/game-keys";

/**
 * The spell book's filters, kept in the URL (/spells?school=Fire&level=2): links and reloads
 * keep them; changing one replaces the history entry.
 */
export function useSpellBookFilters(): [SpellBookFilters, (change: Partial<SpellBookFilters>) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseSpellBookFilters(params), [params]);
  const update = useCallback(
    (change: Partial<SpellBookFilters>) => setParams(spellBookQuery({ ...filters, ...change }), { replace: true, preventScrollReset: true }),
    [filters, setParams],
  );
  const clear = useCallback(() => setParams({}, { replace: true, preventScrollReset: true }), [setParams]);
  return [filters, update, clear];
}
