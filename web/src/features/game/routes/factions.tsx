import { useLocation } from "react-router";
import { factionsMeta } from "@shared/game-seo";
import { FACTIONS_COPY } from "@/features/game/lib/game-ui";
import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api-client";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { gameKeys } from "@shared/game-keys";
import type { FirstViewRequest } from "@/app/routes";
import { useSession } from "@/lib/session";
import { useFactions } from "../api/get-factions";
import { useFeaturedGameInfo } from "../api/get-game-info";
import { FactionCard, FactionCardSkeleton } from "../components/faction-card";
import { GameInfoCard } from "../components/game-info-card";
import { StateMessage } from "@/components/ui/state-message";

/** Spec: factions show 3 placeholder cards while loading. */
export const FACTIONS_SKELETON_COUNT = 3;

/** The first view reads the factions (and on /game-info the featured articles). */
export const firstView = ({ url }: FirstViewRequest) =>
  url.pathname === "/game-info" ? [gameKeys.factions(), gameKeys.gameInfoFeatured()] : [gameKeys.factions()];

/**
 * /factions and /game-info: the same screen (the factions grid); /game-info also lists the
 * featured game-info articles above it.
 */
export function Component() {
  const gameInfo = useLocation().pathname.replace(/\/+$/, "") === "/game-info";
  const meta = factionsMeta(useSiteOrigin(), gameInfo ? "/game-info" : "/factions");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHead meta={meta} />
      <h1 className="font-display text-3xl font-bold tracking-tight text-ink sm:text-4xl">{gameInfo ? FACTIONS_COPY.gameInfoTitle : FACTIONS_COPY.factionsTitle}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">
        {gameInfo ? FACTIONS_COPY.gameInfoIntro : FACTIONS_COPY.factionsIntro}
      </p>
      {gameInfo ? <FeaturedArticles /> : null}
      <section aria-labelledby={gameInfo ? "factions-heading" : undefined} className="mt-8">
        {gameInfo ? (
          <h2 id="factions-heading" className="mb-4 font-display text-2xl font-bold text-ink">
            {FACTIONS_COPY.factionsTitle}
          </h2>
        ) : null}
        <FactionGrid />
      </section>
    </div>
  );
}

function FactionGrid() {
  const { data, error, isLoading } = useFactions();
  const { isModerator } = useSession();
  if (error && !data) {
    return (
      <StateMessage tone="error" title="Failed to Load Factions">
        <p>{error instanceof ApiRequestError && error.message ? error.message : "Please try again in a moment."}</p>
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

function FeaturedArticles() {
  const { data, error, isLoading } = useFeaturedGameInfo();
  return (
    <section aria-labelledby="featured-heading" className="mt-8">
      <h2 id="featured-heading" className="mb-4 font-display text-2xl font-bold text-ink">
        {FACTIONS_COPY.featuredTitle}
      </h2>
      {error && !data ? (
        <StateMessage tone="error" title="Failed to load game info">
          <p>Please try again in a moment.</p>
        </StateMessage>
      ) : isLoading || !data ? (
        <LoadingRegion label="Loading game info..." className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 rounded-xl border border-line" />
          ))}
        </LoadingRegion>
      ) : data.items.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.items.map((article) => (
            <li key={article.id} className="flex [&>article]:w-full">
              <GameInfoCard article={article} />
            </li>
          ))}
        </ul>
      ) : (
        <StateMessage title="No featured guides yet" />
      )}
    </section>
  );
}
