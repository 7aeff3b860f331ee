import type { ComponentType } from 'react';
import { Layout } from './components/layout/Layout';
import { encodePath } from './data/links';
import type { PageData, PageName, PageProps } from './data/page-data/page-data';
import { ImagesContext } from './app/images-context';
import { LayoutContext } from './app/layout-context';
import { PagePathContext } from './app/page-path-context';
import type { PagePayload } from './app/payload';

export interface DocumentProps {
  payload: PagePayload;
  Page: ComponentType<PageProps<PageData[PageName]>>;
}

/**
 * The whole HTML document of one page, rendered on the server and hydrated in the browser. Its
 * head is empty here: the server writes its elements in (app/head-html.ts), and React, hydrating,
 * keeps the elements of a head that it did not render.
 */
export function Document({ payload, Page }: DocumentProps) {
  const { layout, images } = payload;
  return (
    <html lang="en-IN">
      <head />
      <body>
        <LayoutContext value={layout}>
          <PagePathContext value={encodePath(payload.path)}>
            <ImagesContext value={images}>
              <Layout>
                <Page data={payload.page} />
              </Layout>
            </ImagesContext>
          </PagePathContext>
        </LayoutContext>
      </body>
    </html>
  );
}
