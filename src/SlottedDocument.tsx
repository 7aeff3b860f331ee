import { Suspense } from 'react';
import { SkipLink } from './components/layout/SkipLink';
import type { DocumentProps } from './Document';
import { encodePath } from './data/links';
import { ImagesContext } from './app/images-context';
import { LayoutContext } from './app/layout-context';
import { PagePathContext } from './app/page-path-context';

/**
 * Server only: <Document> with the header's and the footer's regions of <Layout> left as empty
 * slots, which the pre-render fills with the frame's HTML written once per build
 * (src/components/layout/frame-html.ts). Everything else stands as in <Document> and <Layout>,
 * with as many siblings at each level, so that the page sits at the same place in the tree: its
 * useId ids, text separators and what React hoists into <head> come out as <Document> writes
 * them. The enquiry context is left out: only a click uses it, and the server writes no handler.
 * A copy, not a part shared with <Document>: that is in the browser's bundle, and any change to it
 * renames the bundle's files, which every page names. learnFrame fails the build where they part.
 */
export function SlottedDocument({ payload, Page }: DocumentProps) {
  const { layout, images } = payload;
  return (
    <html lang="en-IN">
      <head />
      <body>
        <LayoutContext value={layout}>
          <PagePathContext value={encodePath(payload.path)}>
            <ImagesContext value={images}>
              <SkipLink />
              <template data-frame-slot="" />
              <main id="main" tabIndex={-1}>
                <Suspense>
                  <Page data={payload.page} />
                </Suspense>
              </main>
              <template data-frame-slot="" />
            </ImagesContext>
          </PagePathContext>
        </LayoutContext>
      </body>
    </html>
  );
}
