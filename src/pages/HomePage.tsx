import { ActionTiles } from '../components/home/ActionTiles';
import { BuilderMarquee } from '../components/home/BuilderMarquee';
import { FeaturedListing } from '../components/home/FeaturedListing';
import { HomeHero } from '../components/home/HomeHero';
import { HomePreRented } from '../components/home/HomePreRented';
import { OurNumbers } from '../components/home/OurNumbers';
import { Testimonials } from '../components/home/Testimonials';
import type { HomeData } from '../data/page-data/home-data';
import type { PageProps } from '../data/page-data/page-data';

/** The home page: what we sell first (featured, pre-rented), then the builders, ways to act, and why to trust us (figures, reviews). */
export function HomePage({ data }: PageProps<HomeData>) {
  return (
    <>
      <HomeHero poster={data.videoPoster} brand={data.brand} />
      <FeaturedListing featured={data.featured} viewAll={data.featuredViewAll} />
      <HomePreRented cards={data.homePreRented} />
      <BuilderMarquee builders={data.builders} />
      <ActionTiles />
      <OurNumbers statistics={data.statistics} />
      <Testimonials testimonials={data.testimonials} ownerPhoto={data.ownerPhoto} />
    </>
  );
}
