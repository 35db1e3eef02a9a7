import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { siteSearchHref } from "@/components/site-search-form";
import { useHydrated } from "@/lib/hydrated";
import { paths } from "@shared/paths";

/**
 * The header's search box: on /search it shows the search in the URL (empty elsewhere, and in
 * the prerendered shell until hydration); submitting opens /search?q=.
 */
export function useShellSearch(after?: () => void) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = hydrated && pathname === paths.search() ? (new URLSearchParams(search).get("q") ?? "").trim() : "";
  const onSearch = useCallback(
    (text: string) => {
      after?.();
      void navigate(siteSearchHref(text));
    },
    [after, navigate],
  );
  return { query, onSearch };
}
