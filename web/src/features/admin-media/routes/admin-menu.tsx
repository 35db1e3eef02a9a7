import { useState } from "react";
import { Link, Navigate } from "react-router";
import { ProtectedRoute } from "@/components/protected-route";
import { buttonClass } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import { PageHead } from "@/lib/page-head";
import { noindexMeta } from "@shared/seo";
import { useSession } from "@/lib/session";
import { useMediaCategories } from "../api/get-media-categories";
import { revalidateAllMedia } from "../api/media-cache";
import { CategoriesEditor } from "../components/categories-editor";
import { CategoriesLoadError } from "../components/categories-load-error";
import { paths } from "@shared/paths";

/** /admin/menu (admins only; signed-in non-admins go to /admin): Admin Management with the categories editor. */
export function Component() {
  return (
    <ProtectedRoute>
      <AdminsOnly />
    </ProtectedRoute>
  );
}

function AdminsOnly() {
  const { isAdmin } = useSession();
  return isAdmin ? <AdminManagement /> : <Navigate to={paths.admin()} replace />;
}

const QUICK_LINKS = [
  { to: paths.adminGameAssets(), label: "Game Assets" },
  { to: paths.adminMedia(), label: "Media Management" },
  { to: paths.admin(), label: "Dashboard" },
];

function AdminManagement() {
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const categories = useMediaCategories();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHead meta={noindexMeta("Admin Management")} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold tracking-tight text-ink">Admin Management</h1>
        <Link to={paths.admin()} className={buttonClass({ variant: "secondary" })}>
          Back to Dashboard
        </Link>
      </div>
      <div className={`mt-8 grid gap-8 ${sidebarOpen ? "lg:grid-cols-[14rem_1fr]" : "lg:grid-cols-[auto_1fr]"}`}>
        <nav aria-label="Admin management" className="self-start rounded-xl border border-line bg-surface p-3">
          <button
            type="button"
            aria-expanded={sidebarOpen}
            aria-controls="admin-menu-sections"
            onClick={() => setSidebarOpen((v) => !v)}
            className="flex w-full items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-sm font-semibold text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {sidebarOpen ? "Sections" : <span className="sr-only">Show sections</span>}
            <svg viewBox="0 0 24 24" className={`h-4 w-4 transition-transform ${sidebarOpen ? "" : "-rotate-90"}`} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
              <path d="m6 9 6 6 6-6" />
            </svg>
          </button>
          {sidebarOpen ? (
            <div id="admin-menu-sections" className="mt-2 space-y-4">
              <ul>
                <li>
                  <a href="#categories-heading" aria-current="true" className="block rounded-lg bg-surface-muted px-2 py-1.5 text-sm font-medium text-ink">
                    Media Categories
                  </a>
                </li>
              </ul>
              <div>
                <p className="px-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">Quick links</p>
                <ul className="mt-1">
                  {QUICK_LINKS.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="block rounded-lg px-2 py-1.5 text-sm text-brand-700 hover:bg-surface-muted dark:text-brand-400">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
        </nav>
        <div className="min-w-0">
          {categories.error && !categories.data ? (
            <CategoriesLoadError error={categories.error} onRetry={() => void categories.mutate()} />
          ) : !categories.data ? (
            <LoadingState text="Loading categories..." />
          ) : (
            <CategoriesEditor
              // A reload (after Save) starts the editor afresh from the server's rows.
              key={categories.data.map((c) => `${c.id}:${c.updatedAt}`).join(",")}
              loaded={categories.data}
              onSaved={async () => {
                await categories.mutate();
                await revalidateAllMedia();
              }}
            />
          )}
        </div>
      </div>
    </div>
  );
}
