import type { ReactNode } from "react";
import { Link } from "react-router";
import { noindexMeta, type PageMeta } from "@shared/seo";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { PageHead } from "@/lib/page-head";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { Portrait, portraitPreload } from "./portrait";
import { paths } from "@shared/paths";

type FactionMember = {
  id: number;
  name: string;
  summary: string;
  portraitUrl: string | null;
  faction?: { id: number; name: string } | null;
};

/**
 * The top of a unit's or a hero's page: its head (metadata, the portrait preloaded),
 * the Home > Factions > faction breadcrumb, the portrait, `badges`, the name as the page's
 * heading, `subtitle`, the faction link, the summary and `children` (e.g. the compare toggle).
 */
export function FactionMemberHeader({
  entity,
  meta,
  badges,
  subtitle,
  children,
}: {
  entity: FactionMember;
  meta: PageMeta;
  badges: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHead meta={meta} preload={portraitPreload(entity.portraitUrl)} />
      <Breadcrumb
        trail={[
          { label: "Home", to: paths.home() },
          { label: "Factions", to: paths.factions() },
          ...(entity.faction ? [{ label: entity.faction.name, to: paths.faction(entity.faction.id) }] : []),
        ]}
        current={entity.name}
      />

      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <Portrait src={entity.portraitUrl} name={entity.name} size={160} eager />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">{badges}</div>
          <h1 className="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{entity.name}</h1>
          {subtitle}
          {entity.faction ? (
            <p className="mt-1 text-ink-muted">
              Faction:{" "}
              <Link to={paths.faction(entity.faction.id)} className="font-medium text-brand-700 hover:underline dark:text-brand-400">
                {entity.faction.name}
              </Link>
            </p>
          ) : null}
          {entity.summary ? <p className="mt-3 text-lg text-ink">{entity.summary}</p> : null}
          {children}
        </div>
      </header>
    </>
  );
}

/** The loading state of a unit's or a hero's page, shaped like FactionMemberHeader. */
export function FactionMemberSkeleton({ label, title, width }: { label: string; title: string; width: "max-w-5xl" | "max-w-6xl" }) {
  return (
    <LoadingRegion label={label} className={`mx-auto ${width} px-4 py-8`}>
      <PageHead meta={noindexMeta(title)} />
      <Skeleton className="h-4 w-64" />
      <div className="mt-6 flex gap-6">
        <Skeleton className="h-40 w-40 rounded-xl" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-5 w-full" />
        </div>
      </div>
      <Skeleton className="mt-8 h-28 w-full rounded-xl" />
    </LoadingRegion>
  );
}
