import type { ComponentType } from 'react';
import { Layout } from '../components/layout/Layout';
import type { PageProps } from '../routes/route';
import { Head } from './Head';
import { ImagesContext } from './images-context';
import { LayoutContext } from './layout-context';
import { PagePathContext } from './page-path-context';
import type { PagePayload } from './payload';
import { PAYLOAD_ELEMENT_ID } from './payload';

interface DocumentProps {
  payload: PagePayload;
  /** The payload as serialised into the page; the client passes back the exact text it read. */
  payloadJson: string;
  Page: ComponentType<PageProps<never>>;
}

/** The whole HTML document of one page, rendered on the server and hydrated in the browser. */
export function Document({ payload, payloadJson, Page }: DocumentProps) {
  const { layout, meta, images, assets } = payload;
  return (
    <html lang="en-IN">
      <Head
        meta={meta}
        settings={layout.settings}
        assets={assets}
        shareImage={meta.image ? images[meta.image] : undefined}
      />
      <body>
        <LayoutContext value={layout}>
          <PagePathContext value={encodeURI(payload.path)}>
            <ImagesContext value={images}>
              <Layout>
                <Page data={payload.page as never} />
              </Layout>
            </ImagesContext>
          </PagePathContext>
        </LayoutContext>
        <script
          id={PAYLOAD_ELEMENT_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: payloadJson }}
        />
      </body>
    </html>
  );
}
