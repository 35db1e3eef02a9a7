/**
 * The page area while a page's module is on its way on the first page of a visit (a member page:
 * the Worker renders the shell around this, and the browser loads the page). The main element is
 * a screen tall, so the footer stays below the fold and nothing moves when the page lands.
 */
export function PagePending() {
  return <div aria-busy="true" data-page-slot="" />;
}
