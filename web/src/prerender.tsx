import { renderToString } from "react-dom/server";
import { UNSAFE_createMemoryHistory as createMemoryHistory } from "react-router";
import { App } from "./app/app";
import { markHydrating } from "./lib/hydrated";
import { createSwrConfig } from "./lib/swr-config";

/**
 * The app shell (header with the public links, footer, the page placeholder) as HTML, rendered
 * by the build into index.html's #root (vite.config.ts). It is what the browser's first render
 * produces before the page module has loaded, for a guest with the light theme: the client
 * hydrates it without a mismatch (see useHydrated).
 */
export function renderShell(): string {
  markHydrating();
  const history = createMemoryHistory({ initialEntries: ["/"], v5Compat: true });
  return renderToString(<App history={history} swrConfig={createSwrConfig(false)} />);
}
