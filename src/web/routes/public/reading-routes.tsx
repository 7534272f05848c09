import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/head.js';
import { AboutPage, aboutHead, aboutLoader } from './about-page.js';
import {
  ArchivesIndex,
  ArchivesLayout,
  archivesHead,
  archivesLoader,
  archivesShouldRevalidate,
} from './archives-layout.js';
import { ArticlePage, articleHead, articleLoader } from './article-page.js';
import { BoardPage, boardHead, boardLoader } from './board-page.js';
import { ContactPage, contactHead, contactLoader } from './contact-page.js';
import { IndexingPage, indexingHead } from './indexing-page.js';
import { InstructionsPage, instructionsHead, instructionsLoader } from './instructions-page.js';
import { IssuePage, issueHead, issueLoader } from './issue-page.js';
import { PrivacyPage, privacyHead, privacyLoader } from './privacy-page.js';
import { SearchPage, searchHead, searchLoader } from './search-page.js';
import { TermsPage, termsHead, termsLoader } from './terms-page.js';
import { YearPage, yearHead, yearLoader } from './year-page.js';

/** The public reading pages (specification: Public pages), children of the public layout. */
export const readingRoutes: RouteObject[] = [
  { path: 'board', loader: boardLoader, element: <BoardPage />, handle: { head: boardHead } satisfies RouteHandle },
  {
    id: 'archives',
    path: 'archives',
    loader: archivesLoader,
    shouldRevalidate: archivesShouldRevalidate,
    element: <ArchivesLayout />,
    children: [
      { index: true, element: <ArchivesIndex />, handle: { head: archivesHead } satisfies RouteHandle },
      { path: ':year', loader: yearLoader, element: <YearPage />, handle: { head: yearHead } satisfies RouteHandle },
      {
        path: ':year/:vol/:issue',
        loader: issueLoader,
        element: <IssuePage />,
        handle: { head: issueHead } satisfies RouteHandle,
      },
      {
        path: ':year/:vol/:issue/:ref',
        loader: articleLoader,
        element: <ArticlePage />,
        handle: { head: articleHead } satisfies RouteHandle,
      },
    ],
  },
  { path: 'search', loader: searchLoader, element: <SearchPage />, handle: { head: searchHead } satisfies RouteHandle },
  {
    path: 'instructions',
    loader: instructionsLoader,
    element: <InstructionsPage />,
    handle: { head: instructionsHead } satisfies RouteHandle,
  },
  { path: 'indexing', element: <IndexingPage />, handle: { head: indexingHead } satisfies RouteHandle },
  { path: 'about', loader: aboutLoader, element: <AboutPage />, handle: { head: aboutHead } satisfies RouteHandle },
  {
    path: 'contact',
    loader: contactLoader,
    element: <ContactPage />,
    handle: { head: contactHead } satisfies RouteHandle,
  },
  {
    path: 'privacy-policy',
    loader: privacyLoader,
    element: <PrivacyPage />,
    handle: { head: privacyHead } satisfies RouteHandle,
  },
  {
    path: 'terms-and-conditions',
    loader: termsLoader,
    element: <TermsPage />,
    handle: { head: termsHead } satisfies RouteHandle,
  },
];
