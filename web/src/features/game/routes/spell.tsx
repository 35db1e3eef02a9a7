import { useParams } from "react-router";
import { SPELL_BOOK_TITLE, spellMeta } from "@/features/game/lib/game-seo";
import { parseId } from "@shared/ids";
import { Badge } from "@/components/ui/badge";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { isNotFound } from "@/lib/api-client";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { gameKeys } from "@/features/game/lib/game-keys";
import { noindexMeta } from "@shared/seo";
import type { FirstViewRequest } from "@/app/routes";
import { useSpellPage } from "@/features/game/api/get-spell-page";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { PageLoadError } from "@/components/page-load-error";
import { MISSING_ITEMS } from "@/lib/missing-items";
import { MissingItemView } from "@/components/missing-item";
import { SpellDetails } from "@/features/game/components/spell-details";
import { paths } from "@shared/paths";

/** The first view reads the spell (worker/pages writes the answer into the HTML). */
/** Its own record missing: the route's 404 view. */
export const missingItem = MISSING_ITEMS.spell;

export function firstView({ params }: FirstViewRequest) {
  const id = parseId(params.id);
  return [id === null ? null : gameKeys.spellPage(id)];
}

/** /spells/{id}: one spell with all its numbers, effects and the factions teaching it. */
export function Component() {
  const id = parseId(useParams().id);
  const origin = useSiteOrigin();
  const { data: spell, error, isLoading, mutate } = useSpellPage(id);

  if (id === null || isNotFound(error)) {
    return <MissingItemView item={MISSING_ITEMS.spell} />;
  }
  if (error && !spell) return <PageLoadError title="Failed to Load Spell" error={error} onRetry={() => void mutate()} />;
  if (isLoading || !spell) {
    return (
      <LoadingRegion label="Loading spell..." className="mx-auto max-w-3xl px-4 py-8">
        <PageHead meta={noindexMeta("Spell")} />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="mt-6 h-9 w-2/3" />
        <Skeleton className="mt-4 h-24 w-full rounded-xl" />
      </LoadingRegion>
    );
  }
  const meta = spellMeta(origin, spell);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <PageHead meta={meta} />
      <Breadcrumb
        trail={[
          { label: "Home", to: paths.home() },
          { label: SPELL_BOOK_TITLE, to: paths.spells() },
        ]}
        current={spell.name}
      />
      <div className="mt-6 flex flex-wrap gap-2">
        <Badge tone="brand">{spell.school}</Badge>
        <Badge>Level {spell.level}</Badge>
        {spell.isCommon ? <Badge tone="success">Common</Badge> : null}
        {!spell.isActive ? <Badge tone="warning">Inactive</Badge> : null}
      </div>
      <h1 className="mt-3 font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{spell.name}</h1>
      <p className="mt-3 text-lg text-ink">{spell.description}</p>
      <div className="mt-6 rounded-2xl border border-line bg-surface p-5">
        <SpellDetails spell={spell} headingLevel={2} />
      </div>
    </article>
  );
}
