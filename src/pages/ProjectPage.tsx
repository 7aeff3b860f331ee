import { ProjectAbout } from '../components/project/ProjectAbout';
import { ProjectAmenities } from '../components/project/ProjectAmenities';
import { ProjectContact } from '../components/project/ProjectContact';
import { ProjectGallerySection } from '../components/project/ProjectGallerySection';
import { ProjectHighlights } from '../components/project/ProjectHighlights';
import { ProjectKeyFacts } from '../components/project/ProjectKeyFacts';
import { ProjectLocation } from '../components/project/ProjectLocation';
import { ProjectVideo } from '../components/project/ProjectVideo';
import { Banner } from '../components/ui/Banner';
import type { ProjectPageData } from '../data/page-data/project-data';
import type { PageProps } from '../data/page-data/page-data';

/** Anchors of the form that ends every project page, and of the lead form at the top where there is one. */
const FORM_ID = 'enquire';
const TOP_FORM_ID = 'register';

/**
 * A project's page: /feature/{slug}, /property, /property/{slug} and /ourProperty/{slug}. A landing
 * page: key facts under the hero, then the project in detail, and a form naming the project at the
 * end: the lead form, or the contact form where the sheet asks for it or where the lead form is
 * already at the top (Paras Floret), since one page cannot hold the same form twice.
 */
export function ProjectPage({ data }: PageProps<ProjectPageData>) {
  const { project, keyFacts, rera, chatHref } = data;
  const address = `${project.sector}, ${project.city}`;
  return (
    <>
      <Banner title={project.name} kicker={address} image={project.hero_image}>
        <p>{project.category}</p>
      </Banner>
      <ProjectKeyFacts
        projectName={project.name}
        facts={keyFacts}
        rera={rera}
        formHref={`#${project.form === 'lead' ? TOP_FORM_ID : FORM_ID}`}
      />
      {project.form === 'lead' ? (
        <ProjectContact projectName={project.name} form="lead" id={TOP_FORM_ID} />
      ) : null}
      <ProjectAbout project={project} chatHref={chatHref} />
      {project.gallery.length > 0 ? (
        <ProjectGallerySection projectName={project.name} images={project.gallery} />
      ) : null}
      {project.highlights.length > 0 ? <ProjectHighlights highlights={project.highlights} /> : null}
      {project.amenities.length > 0 ? <ProjectAmenities amenities={project.amenities} /> : null}
      {project.video_embed ? (
        <ProjectVideo projectName={project.name} embed={project.video_embed} still={project.video_still} />
      ) : null}
      {project.map_image || project.map_embed ? (
        <ProjectLocation
          projectName={project.name}
          address={address}
          mapImage={project.map_image}
          mapEmbed={project.map_embed}
        />
      ) : null}
      <ProjectContact
        projectName={project.name}
        form={project.form === 'none' ? 'lead' : 'contact'}
        id={FORM_ID}
      />
    </>
  );
}
