import { Link } from "react-router";
import { factionsMeta } from "@/features/game/lib/game-seo";
import { FACTIONS_COPY } from "@/features/game/lib/game-ui";
import { LoadingRegion } from "@/components/ui/skeleton";
import { serverReason } from "@/lib/api-client";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { gameKeys } from "@/features/game/lib/game-keys";
import { useSession } from "@/lib/session";
import { useFactions } from "../api/get-factions";
import { FactionCard, FactionCardSkeleton } from "../components/faction-card";
import { StateMessage } from "@/components/ui/state-message";
import { paths } from "@shared/paths";

/** Spec: factions show 3 placeholder cards while loading. */
export const FACTIONS_SKELETON_COUNT = 3;

/** The first view reads the factions. */
export const firstView = () => [gameKeys.factions()];

/** /factions: the factions grid. (The guides have their own page, /game-info.) */
export function Component() {
  const meta = factionsMeta(useSiteOrigin());
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHead meta={meta} />
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{FACTIONS_COPY.factionsTitle}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        {FACTIONS_COPY.factionsIntro}{" "}
        <Link to={paths.gameInfo()} className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400">
          {FACTIONS_COPY.guidesLink}
        </Link>
      </p>
      <div className="mt-8">
        <FactionGrid />
      </div>
    </div>
  );
}

function FactionGrid() {
  const { data, error, isLoading } = useFactions();
  const { isModerator } = useSession();
  if (error && !data) {
    return (
      <StateMessage tone="error" title="Failed to Load Factions">
        <p>{serverReason(error, "Please try again in a moment.")}</p>
      </StateMessage>
    );
  }
  if (isLoading || !data) {
    return (
      <LoadingRegion label="Loading factions..." className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: FACTIONS_SKELETON_COUNT }, (_, i) => (
          <FactionCardSkeleton key={i} />
        ))}
      </LoadingRegion>
    );
  }
  if (!data.items.length) {
    return <StateMessage title="No factions yet">The factions of the realm will appear here.</StateMessage>;
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {data.items.map((faction) => (
        <li key={faction.id} className="flex">
          <div className="flex w-full [&>article]:w-full">
            <FactionCard faction={faction} canEdit={isModerator} />
          </div>
        </li>
      ))}
    </ul>
  );
}
