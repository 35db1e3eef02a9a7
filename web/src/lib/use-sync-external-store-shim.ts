// SWR imports useSyncExternalStore from the `use-sync-external-store/shim` package, a fallback
// for React < 18. React 19 has the hook itself: the build points that import here (vite.config.ts),
// so the fallback's code is not shipped.
export { useSyncExternalStore } from "react";
