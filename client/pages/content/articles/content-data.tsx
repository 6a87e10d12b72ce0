// How a content page (help, news, tags) gets its ContentView on either side. The server's data
// router runs contentLoader and ServerContentData (client/routes.tsx, server only) hands its result
// down and writes it into the page as JSON; the browser has no data router, so ClientContentData
// (client/routing/client-app.tsx) takes that JSON when it is for the address being hydrated and
// asks the content call on client navigation. Only content pages carry this data: tool pages keep
// their first load free of it.
import { createContext, useContext } from 'react';
import type { ContentView } from '../../../../shared/articles';

export type ContentState = { status: 'ready'; data: ContentView } | { status: 'loading' };

export const ContentDataContext = createContext<ContentState>({ status: 'loading' });

export const useContentState = (): ContentState => useContext(ContentDataContext);

export const CONTENT_DATA_ID = 'content-data';

/** The page's data as a JSON script; `<` escaped so no text in it can close the script. */
export function ContentDataScript({ data, address }: { data: ContentView; address: string }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/json" id={CONTENT_DATA_ID} data-address={address} dangerouslySetInnerHTML={{ __html: json }} />;
}
