import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/** Goes back in history; on a page opened directly (no history in the app), goes to `fallback`. */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== "default") void navigate(-1);
    else void navigate(fallback);
  }, [navigate, location.key, fallback]);
}
