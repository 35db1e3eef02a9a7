import { Link } from "react-router";
import { buttonClass } from "@/components/ui/button";
import { PageHead, useSiteOrigin } from "@/lib/page-head";
import { HOME_LATEST_COUNT, newsKeys } from "@/lib/news-keys";
import { SECTION_OFFSCREEN } from "@/lib/offscreen";
import { homeMeta } from "@shared/seo";
import { useNewsList } from "@/features/news/api/get-news-list";
import { cardImagePriority } from "@/features/news/components/article-image";
import { HomeNewsCard } from "@/features/news/components/home-news-card";
import { NewsSkeletonList } from "@/features/news/components/news-card-skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useSiteSettings } from "@/lib/site-settings";
import { paths } from "@shared/paths";

/** The welcome heading, with the site's configured name. */
export const homeTitle = (siteName: string) => `Welcome to ${siteName}`;

export const HOME_COPY = {
  intro:
    "The unofficial fan wiki for a turn-based fantasy strategy game: news, factions, heroes, units and spells in one place.",
  aboutTitle: "About the Game",
  about:
    "Lead rival factions across a world of order and chaos: recruit heroes, raise armies of infantry, archers, cavalry and flying beasts, and master the schools of magic turn by turn.",
} as const;


/** The first view reads the latest articles. */
export const firstView = () => [newsKeys.home()];

/** Home (/): welcome, the 3 latest articles, About. The background switches with the theme. */
export function Component() {
  const { data, error, isLoading } = useNewsList({ page: 1, pageSize: HOME_LATEST_COUNT });
  const articles = data?.items.slice(0, HOME_LATEST_COUNT) ?? [];
  const meta = homeMeta(useSiteOrigin());
  const { siteName } = useSiteSettings();

  return (
    <>
      {/* The first card's image is the largest above the fold. */}
      <PageHead meta={meta} preload={articles[0]?.imageUrl ? { href: articles[0].imageUrl } : null} />
      <section
        data-testid="home-hero"
        className="relative isolate overflow-hidden bg-[url(/images/home/hero-light.svg)] bg-cover bg-bottom dark:bg-[url(/images/home/hero-dark.svg)]"
      >
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="font-display text-4xl font-bold tracking-tight text-ink sm:text-5xl">{homeTitle(siteName)}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-muted">{HOME_COPY.intro}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={paths.news()} className={buttonClass({ size: "lg" })}>
              Latest News
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="home-latest" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="home-latest" className="font-display text-2xl font-bold text-ink sm:text-3xl">
          Latest News
        </h2>
        <div className="mt-6">
          {error && !data ? (
            <StateMessage tone="error" title="Failed to load news articles" />
          ) : isLoading && !data ? (
            <div className="grid gap-6 md:grid-cols-3">
              <NewsSkeletonList count={HOME_LATEST_COUNT} />
            </div>
          ) : articles.length === 0 ? (
            <StateMessage title="No news articles available yet.">
              <p>Check back soon for the latest updates!</p>
            </StateMessage>
          ) : (
            <>
              <div className="grid gap-6 md:grid-cols-3">
                {articles.map((article, index) => (
                  <HomeNewsCard key={article.id} article={article} imagePriority={cardImagePriority(index, 1)} />
                ))}
              </div>
              <div className="mt-8 text-center">
                <Link to={paths.news()} className={buttonClass({ variant: "secondary" })}>
                  View All News
                </Link>
              </div>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby="home-about" className={`border-t border-line bg-surface ${SECTION_OFFSCREEN}`}>
        <div className="mx-auto max-w-6xl px-4 py-12 md:flex md:items-center md:justify-between md:gap-8">
          <div>
            <h2 id="home-about" className="font-display text-2xl font-bold text-ink">
              {HOME_COPY.aboutTitle}
            </h2>
            <p className="mt-3 max-w-2xl text-ink-muted">{HOME_COPY.about}</p>
          </div>
          <Link to={paths.gameInfo()} className={buttonClass({ variant: "secondary", className: "mt-6 shrink-0 md:mt-0" })}>
            Explore the Game
          </Link>
        </div>
      </section>
    </>
  );
}
