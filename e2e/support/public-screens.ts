/** A screen to check: its address, what shows it has rendered, and the screenshot name when a person should look at it. */
export interface Screen {
  path: string;
  ready: string;
  shot?: string;
}

export interface DemoArticle {
  id: number;
  refnumber: string;
  year: number;
  volume: number;
  issue: number;
}

/** The first demo article: its issue, its page and its download page stand for all of their kind. */
export async function demoArticle(baseUrl: string): Promise<DemoArticle> {
  return (await (await fetch(`${baseUrl}/api/archives/ref/10001`)).json()) as DemoArticle;
}

/** Every public page, the download page included; a new page is one more line. */
export const publicScreens = (article: DemoArticle): Screen[] => [
  { path: '/', ready: 'main h1', shot: 'home' },
  {
    path: `/archives/${article.year}/vol${article.volume}/issue${article.issue}`,
    ready: '.article-table',
    shot: 'issue',
  },
  {
    path: `/archives/${article.year}/${article.volume}/${article.issue}/${article.refnumber}`,
    ready: '.article-abstract',
    shot: 'article',
  },
  { path: '/board', ready: '.editor-card', shot: 'board' },
  { path: '/indexing', ready: 'main h1' },
  { path: '/instructions', ready: 'main h1' },
  { path: '/about', ready: 'main h1' },
  { path: '/contact', ready: 'main h1' },
  { path: '/privacy-policy', ready: 'main h1' },
  { path: '/terms-and-conditions', ready: 'main h1' },
  { path: '/search?keyword=sanitation', ready: '.search-summary' },
  { path: '/search?keyword=no-such-word-anywhere', ready: '.search-summary' },
  { path: '/search?keyword=', ready: 'main h1' },
  { path: `/pdf?refno=${article.refnumber}`, ready: 'main h1', shot: 'download' },
  { path: '/no-such-page', ready: 'main h1' },
];
