import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArticle, addIssue } from '../test/archive-fixtures.js';
import { addEditor } from '../test/editor-fixtures.js';
import { saveSettings } from '../test/settings-fixtures.js';
import { hydrationDataOf } from '../test/hydration-data.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;

const page = (url: string) => t.app.inject({ method: 'GET', url });
/** What a page says to caches at PUBLIC_MAX_AGE's default of 60 seconds, and so what a page that is gone says. */
const ENDING_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
/** The visible text of a page: tags, React's text separators and the common entities removed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

beforeAll(async () => {
  t = await createTestApp();
  await saveSettings(t, {
    websitename: 'Journal of Careful Tests',
    websiteemail: 'editor@careful.example',
    whatsup_number: '+91 98765 00000',
    issn: '1234-5678',
    show_subject_column: true,
    show_editor_contacts: false,
    show_publisher_link: true,
    publisher_name: 'Careful Publications',
    publisher_address: '1 Test Street, Pune, India',
    publisher_head: 'Dr. Asha Rao',
    publisher_url: 'https://publisher.example',
  });
});
afterAll(() => t.close());

describe('/archives with nothing published', () => {
  it('shows ARCHIVES and the empty sentence', async () => {
    const response = await page('/archives');
    expect(response.statusCode).toBe(200);
    expect(text(mainOf(response.body))).toContain('ARCHIVES No published articles yet. Please come back later.');
  });
});

describe('archive pages', () => {
  beforeAll(async () => {
    const db = t.journal.db;
    await addIssue(db, 2023, 1, 1, 'jan-jun');
    await addIssue(db, 2024, 2, 1, 'jan-jun');
    await addIssue(db, 2025, 3, 1, 'jan-feb');
    await addIssue(db, 2025, 3, 2, '');
    const issue = { year: 2025, volume: 3, issue: 1 };
    await addArticle(db, {
      ...issue,
      refnumber: '90001',
      pagenumber: '12-20',
      title: 'Soil health of <i>Oryza sativa</i>\n   paddies <script>x()</script>',
      authorname: 'Anita K. Iyer, Dr. Rahul Sharma',
      abstract: '<p>We measured <b>soil carbon</b> in 40 paddies.</p><script>alert(1)</script>',
      keywords: 'soil, rice',
      subject: 'Agriculture',
      country: 'Nepal',
      publishdate: '2025-02-14',
    });
    await addArticle(db, {
      ...issue,
      refnumber: '90002',
      pagenumber: '1-11',
      title: 'Rural credit cooperatives',
      authorname: 'Meera Nair',
      file: null,
    });
    await addArticle(db, {
      ...issue,
      refnumber: '90003',
      pagenumber: '21-22',
      title: 'Withdrawn paper',
      status: 'disabled',
    });
    await addArticle(db, {
      year: 2025,
      volume: 3,
      issue: 2,
      refnumber: '90004',
      pagenumber: '1-2',
      title: 'Second issue paper',
    });
    await addArticle(db, {
      year: 2024,
      volume: 2,
      issue: 1,
      refnumber: '90005',
      pagenumber: '1-2',
      title: 'Older paper',
    });
    await addArticle(db, {
      year: 2023,
      volume: 1,
      issue: 1,
      refnumber: '90006',
      pagenumber: '1-2',
      title: 'Oldest paper',
    });
    t.journal.clock.publicDataChanged();
  });

  it('redirects /archives to the newest year’s latest issue', async () => {
    const response = await page('/archives');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/archives/2025/vol3/issue2');
  });

  it('lists the year groups beside an issue, the first two expanded', async () => {
    const html = (await page('/archives/2025/vol3/issue1')).body;
    const list = html.slice(html.indexOf('id="year-list"'), html.indexOf('</nav>', html.indexOf('id="year-list"')));
    expect(text(list)).toContain(
      '2025 ISSUES VOL. 3 : ISSUE 2 VOL. 3 : ISSUE 1 : JAN-FEB 2024 ISSUES VOL. 2 : ISSUE 1 : JAN-JUN 2023 ISSUES',
    );
    expect(list).toContain('href="/archives/2025/vol3/issue1"');
    expect(list.match(/aria-expanded="true"/g)).toHaveLength(2);
    // Collapsed to its title, which links crawlers to the year's page.
    expect(list).toContain(
      '<h3><a href="/archives/2023" class="year-title" role="button" aria-expanded="false">2023 ISSUES</a></h3></section>',
    );
    expect(html).toContain('>All Issues</button>');
  });

  it('sends collapsed groups away from the page without their issues, and the others whole', async () => {
    const listed = async (path: string) =>
      (
        hydrationDataOf((await page(path)).body).loaderData.archives as {
          year: number;
          issues?: number[];
          closed?: boolean;
        }[]
      ).map(({ year, issues, closed }) => [year, issues ?? null, closed ?? false]);
    expect(await listed('/archives/2025/vol3/issue1')).toEqual([
      [2025, [2, 1], false],
      [2024, [1], false],
      [2023, null, true],
    ]);
    expect((await listed('/archives/2023/vol1/issue1'))[2]).toEqual([2023, [1], false]);
  });

  it('writes the same loader data on every render of a page, with nothing that could close its script', async () => {
    const script = (html: string) => /<script>window\.__staticRouterHydrationData[^<]*<\/script>/.exec(html)![0];
    const [first, second] = [
      (await page('/archives/2025/vol3/issue1?a')).body,
      (await page('/archives/2025/vol3/issue1?b')).body,
    ];
    expect(script(second)).toBe(script(first));
    const { loaderData, actionData, errors } = hydrationDataOf(first);
    expect(actionData).toBeNull();
    expect(errors).toBeNull();
    const api = (await t.app.inject({ url: '/api/archives/2025/3/1' })).json();
    expect(JSON.stringify(Object.values(loaderData))).toContain(JSON.stringify(api[0].title));
  });

  it('shows an issue: title with frequency, columns, rows by first page and their links', async () => {
    const response = await page('/archives/2025/vol3/issue1');
    expect(response.statusCode).toBe(200);
    const main = mainOf(response.body);
    expect(main).toContain('<h1>VOL. 3, ISSUE 1 (2025) Jan-Feb</h1>');
    expect(text(main)).toContain('S.No. Title and Authors Name Subject Country');
    const rows = main.split('<tr').slice(2);
    expect(rows).toHaveLength(2);
    expect(text(rows[0]!)).toContain('1 Rural credit cooperatives Meera Nair Abstract Pages: 1-11');
    expect(rows[0]).not.toContain('>Download<');
    expect(text(rows[1]!)).toContain(
      '2 Soil health of Oryza sativa paddies Anita K. Iyer, Dr. Rahul Sharma Abstract Download Pages: 12-20',
    );
    expect(rows[1]).toContain('Soil health of <i>Oryza sativa</i> paddies');
    expect(rows[1]).not.toContain('<script');
    expect(rows[1]).toContain('href="/archives/2025/vol3/issue1/90001"');
    expect(rows[1]).toContain('href="/assets/archives/2025/vol3issue1/90001.pdf"');
    expect(text(rows[1]!)).toContain(
      'How to cite this article: Iyer AK, Sharma R. Soil health of Oryza sativa paddies. Journal of Careful Tests, Volume 3, Issue 1, 2025, Pages 12-20.',
    );
    expect(text(rows[1]!)).toContain('Agriculture Nepal');
    expect(main).not.toContain('Withdrawn paper');
  });

  it('reads the issue parameters as their first run of digits', async () => {
    const main = mainOf((await page('/archives/y2025x/volume-3/no1')).body);
    expect(main).toContain('<h1>VOL. 3, ISSUE 1 (2025) Jan-Feb</h1>');
  });

  it('lists a year’s issues on its page, the page a collapsed year group links to', async () => {
    const response = await page('/archives/2025');
    expect(response.statusCode).toBe(200);
    const main = mainOf(response.body);
    expect(text(main)).toContain('2025 ISSUES VOL. 3 : ISSUE 2 VOL. 3 : ISSUE 1 : JAN-FEB');
    expect(main).toContain('<a href="/archives/2025/vol3/issue1" data-route="">');
    expect(response.body).toMatch(/<link rel="canonical" href="http:\/\/localhost(:80)?\/archives\/2025">/);
    expect(mainOf((await page('/archives/y2023')).body)).toContain('href="/archives/2023/vol1/issue1"');
    for (const url of [
      '/archives/2022',
      '/archives/year',
      `/archives/${'9'.repeat(30)}`,
      '/archives/%3Cscript%3Ex()',
    ]) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('Page not found');
      expect(missing.body).not.toContain('<script>x()');
    }
  });

  it('answers an unknown or garbage issue with the not-found page and 404', async () => {
    for (const url of ['/archives/2025/vol3/issue9', '/archives/abc/def/ghi', `/archives/${'9'.repeat(30)}/1/1`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Page not found');
    }
  });

  it('renders an article with title, authors, abstract, links, citation and every citation_* tag', async () => {
    const response = await page('/archives/2025/vol3/issue1/90001');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const main = mainOf(html);
    expect(main).toContain('<h1>Soil health of <i>Oryza sativa</i> paddies</h1>');
    expect(main).toContain('Anita K. Iyer, Dr. Rahul Sharma');
    expect(main).toContain('<section id="abstract"');
    expect(main).toContain('<p>We measured <b>soil carbon</b> in 40 paddies.</p>');
    expect(main).not.toContain('alert(1)');
    expect(main).toContain('href="/assets/archives/2025/vol3issue1/90001.pdf"');
    expect(text(main)).toContain('Published 14 February 2025 Pages 12-20');
    expect(main).toContain('<time dateTime="2025-02-14">14 February 2025</time>');
    expect(text(main)).toContain(
      'How to cite this article Iyer AK, Sharma R. Soil health of Oryza sativa paddies. Journal of Careful Tests, Volume 3, Issue 1, 2025, Pages 12-20.',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Soil health of Oryza sativa paddies | Journal of Careful Tests</title>');
    expect(head).toContain('<meta name="description" content="We measured soil carbon in 40 paddies.">');
    expect(head).toContain('<link rel="canonical" href="http://localhost:80/archives/2025/vol3/issue1/90001">');
    const meta = [...head.matchAll(/<meta name="(citation_[a-z_]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]);
    expect(meta).toEqual([
      ['citation_title', 'Soil health of Oryza sativa paddies'],
      ['citation_author', 'Iyer, Anita K.'],
      ['citation_author', 'Sharma, Rahul'],
      ['citation_publication_date', '2025/02/14'],
      ['citation_journal_title', 'Journal of Careful Tests'],
      ['citation_publisher', 'Careful Publications'],
      ['citation_volume', '3'],
      ['citation_issue', '1'],
      ['citation_firstpage', '12'],
      ['citation_lastpage', '20'],
      ['citation_abstract_html_url', 'http://localhost:80/archives/2025/vol3/issue1/90001'],
      ['citation_abstract', 'We measured soil carbon in 40 paddies.'],
      ['citation_language', 'English'],
      // Separated by semicolons, as Zotero and Google Scholar read the tag.
      ['citation_keywords', 'soil; rice'],
      ['citation_issn', '1234-5678'],
      ['citation_pdf_url', 'http://localhost:80/assets/archives/2025/vol3issue1/90001.pdf'],
    ]);
  });

  it('answers a missing article with "Article not found!" and 404, a withdrawn one with a notice and 410', async () => {
    const withdrawn = await page('/archives/2025/vol3/issue1/90003');
    expect(withdrawn.statusCode).toBe(410);
    expect(mainOf(withdrawn.body)).toContain('<h1>Article withdrawn</h1>');
    // A cache in front keeps the ending as it kept the page, and so drops its old copy (decision 112).
    expect(withdrawn.headers['cache-control']).toBe(ENDING_CACHE_CONTROL);
    for (const url of ['/archives/2025/vol3/issue1/99999', `/archives/1/2/3/${encodeURIComponent("' OR 1=1 --<b>")}`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe(ENDING_CACHE_CONTROL);
      expect(mainOf(response.body)).toContain('<h1>Article not found!</h1>');
      expect(response.body).toContain('<title>Article not found! | Journal of Careful Tests</title>');
    }
  });

  it('searches: count and query, rows with their links and citation', async () => {
    const response = await page('/search?keyword=soil');
    expect(response.statusCode).toBe(200);
    const main = mainOf(response.body);
    expect(text(main)).toContain('1 result found for "soil"');
    expect(text(main)).toContain('S.No. Title and Authors Name Subject Country');
    // The article's canonical address, as the issue page links it.
    expect(main).toContain('href="/archives/2025/vol3/issue1/90001"');
    expect(main).toContain('href="/assets/archives/2025/vol3issue1/90001.pdf"');
    expect(text(main)).toContain('How to cite this article: Iyer AK, Sharma R. Soil health of Oryza sativa paddies.');
    expect(response.body).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('says exactly so when nothing matches, and escapes the query', async () => {
    const response = await page(`/search?keyword=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(response.statusCode).toBe(200);
    const main = mainOf(response.body);
    expect(text(main)).toContain('Sorry, nothing matched your search terms. Please try again with different keywords.');
    expect(main).not.toContain('<script>alert(1)</script>');
    expect(main).toContain('&lt;script&gt;');
  });

  it('leaves the Subject column out when the site hides it', async () => {
    await saveSettings(t, { show_subject_column: false });
    const main = mainOf((await page('/archives/2025/vol3/issue1')).body);
    expect(text(main)).toContain('S.No. Title and Authors Name Country');
    expect(main).not.toContain('Agriculture');
    await saveSettings(t, { show_subject_column: true });
  });
});

describe('garbage in page addresses', () => {
  it('never gives a server error', async () => {
    const urls = [
      `/search?keyword=${'%00'.repeat(5)}`,
      `/search?keyword=${encodeURIComponent('"NEAR(* -- \'; DROP TABLE articles;')}&page=99999999999999999999`,
      `/search?keyword=${encodeURIComponent('😀 漢字 '.repeat(200))}&page=-3`,
      '/search?keyword=a&keyword=b',
      `/archives/${encodeURIComponent('<img src=x onerror=alert(1)>')}/vol/issue`,
      `/archives/2025/vol3/issue1/${'9'.repeat(450)}`,
      '/archives/%E2%80%AE/%F0%9F%98%80/%00',
    ];
    for (const url of urls) {
      const response = await page(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body).not.toContain('<img src=x');
    }
  });
});

describe('/board', () => {
  beforeAll(async () => {
    const post = 'Professor <script>alert(1)</script>';
    await addEditor(t.journal.db, 'Bravo', { post });
    await addEditor(t.journal.db, 'Alpha', { post, is_pinned: 1, picture: 'alpha.png' });
    await addEditor(t.journal.db, 'Chief', { post, category: 'chief editor', phone: '+91 90000 00001' });
    await addEditor(t.journal.db, 'Hidden', { post, category: 'assistant editor', status: 'disabled' });
    t.journal.clock.publicDataChanged();
  });

  it('groups enabled editors, pinned first, and leaves out a group without editors', async () => {
    const response = await page('/board');
    expect(response.statusCode).toBe(200);
    const main = text(mainOf(response.body));
    expect(main).toContain('EDITORIAL BOARD Editor-in-Chief Chief');
    expect(main).toMatch(/Associate Editors Alpha .* Bravo/);
    expect(main).not.toContain('Assistant Editors');
    expect(main).not.toContain('Hidden');
    expect(main).toContain('University of Alpha');
  });

  it('shows the picture, or the default avatar when there is none, and a sanitised post', async () => {
    const main = mainOf((await page('/board')).body);
    expect(main).toContain('src="/assets/editors/alpha.png" alt="Photo of Alpha"');
    expect(main).toContain('src="/default-avatar.svg" alt=""');
    expect(main).toContain('Professor ');
    expect(main).not.toContain('<script');
  });

  it('shows email, phone and website only when the site shows editors’ contacts', async () => {
    expect(mainOf((await page('/board')).body)).not.toContain('chief@uni.example');
    await saveSettings(t, { show_editor_contacts: true });
    const main = mainOf((await page('/board')).body);
    expect(main).toContain('href="mailto:chief@uni.example"');
    expect(main).toContain('href="tel:+919000000001"');
    expect(main).toContain('href="https://profiles.example/chief"');
  });
});

describe('/indexing', () => {
  it('shows the full grid and the sidebar variant; a logo without a link is inert', async () => {
    await t.journal.db
      .insertInto('indexing')
      .values([
        { title: 'Second Index', link: '', image: 'second.svg', sortnumber: 2, status: 'enabled' },
        { title: 'First Index', link: 'https://first.example', image: 'first.svg', sortnumber: 1, status: 'enabled' },
        { title: 'Gone Index', link: 'https://gone.example', image: 'gone.svg', sortnumber: 0, status: 'disabled' },
      ])
      .execute();
    t.journal.clock.publicDataChanged();
    // The root loader keeps settings and indexing, so the page is read afresh.
    const main = mainOf((await page('/indexing')).body);
    expect(main).toContain('<h1>INDEXING</h1>');
    const grid = main.slice(main.indexOf('indexing-grid'), main.indexOf('</ul>', main.indexOf('indexing-grid')));
    expect(grid.indexOf('First Index')).toBeLessThan(grid.indexOf('Second Index'));
    expect(grid).toContain(
      '<a href="https://first.example" target="_blank" rel="noopener noreferrer" title="First Index"><img src="/assets/indexing/first.svg" alt="First Index"',
    );
    expect(grid).toContain('<span title="Second Index"><img src="/assets/indexing/second.svg" alt="Second Index"');
    expect(main).toContain('class="indexing-list indexing-sidebar" id="1"');
    expect(main).not.toContain('Gone Index');
  });
});

describe('static pages', () => {
  it('renders instructions with the limits of the journal', async () => {
    const main = text(mainOf((await page('/instructions')).body));
    for (const phrase of [
      'at most 100 words',
      'at most 5 authors',
      'at most 50 references',
      'PDF or Word file by email',
      'Pay only after your article has been accepted',
      'within 5 days',
      '₹ 2000',
      '$ 50',
    ]) {
      expect(main).toContain(phrase);
    }
  });

  it('gives privacy and terms the ids the footer links scroll to; terms name the site', async () => {
    expect((await page('/privacy-policy')).body).toContain('<section id="privacy"');
    const terms = (await page('/terms-and-conditions')).body;
    expect(terms).toContain('<section id="terms"');
    const main = text(mainOf(terms));
    for (const heading of ['Use of content', 'Acceptable use', 'Indemnity', 'Limitation of liability', 'Disclaimer'])
      expect(main).toContain(heading);
    expect(main).toContain('Articles published by Journal of Careful Tests are open access');
    expect(text(mainOf((await page('/about')).body))).toContain('Journal of Careful Tests is a peer-reviewed');
  });

  it('shows the publisher’s address and head, a prefilled chat link, and the publisher link unless it is switched off', async () => {
    const main = mainOf((await page('/contact')).body);
    expect(main).toContain('<address>1 Test Street, Pune, India</address>');
    expect(text(main)).toContain('Head: Dr. Asha Rao');
    expect(main).toContain(
      'href="https://wa.me/919876500000?text=Hello%2C%20I%20have%20a%20query%20about%20Journal%20of%20Careful%20Tests."',
    );
    expect(main).toContain('href="https://publisher.example"');
    await saveSettings(t, { show_publisher_link: false });
    expect(mainOf((await page('/contact')).body)).not.toContain('href="https://publisher.example"');
  });
});

describe('files under /assets/', () => {
  it('serves PDFs and pictures with their content type and caching, and nothing outside the store', async () => {
    await t.journal.files.write('archives/2025/vol3issue1/90001.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    await t.journal.files.write('editors/alpha.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    await t.journal.files.write('indexing/first.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    // A corrected PDF replaces the file at its address, so it is asked about before each use (decision 099).
    for (const [url, type, caching] of [
      ['/assets/archives/2025/vol3issue1/90001.pdf', 'application/pdf', 'public, no-cache'],
      ['/assets/editors/alpha.png', 'image/png', 'public, max-age=86400'],
      ['/assets/indexing/first.svg', 'image/svg+xml', 'public, max-age=86400'],
    ]) {
      const response = await page(url!);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain(type);
      expect(response.headers['cache-control']).toBe(caching);
    }
    for (const url of [
      '/assets/../journal.sqlite',
      '/assets/%2e%2e/journal.sqlite',
      '/assets/archives/2025/vol3issue1/missing.pdf',
    ]) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });
});
