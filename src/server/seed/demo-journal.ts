import type { FastifyBaseLogger } from 'fastify';
import { suggestedDoi } from '../../common/doi.js';
import { formatCitation } from '../../common/citation.js';
import type { JournalDb } from '../db/database.js';
import type { SettingsTable } from '../db/schema.js';
import type { EditorCategory } from '../../common/constants.js';
import { saveSettings } from '../modules/settings/settings.repository.js';
import { insertArticle } from '../modules/articles/articles.repository.js';
import { withDerivedColumns } from '../modules/articles/article-fields.js';
import { insertIssue, updateIssue } from '../modules/issues/issues.repository.js';
import { FileStore } from '../storage/file-store.js';
import { sanitizeRichText, sanitizeTitle } from '../storage/sanitize.js';
import { demoArticle, seededRandom } from './demo-content.js';
import { DEFAULT_SETTINGS } from '../modules/settings/default-settings.js';
import { portraitPng, wordmarkPng } from './demo-images.js';

export const DEMO_SETTINGS: Omit<SettingsTable, 'id' | 'updated_at'> = {
  ...DEFAULT_SETTINGS,
  websitename: 'International Journal of Applied Research and Studies',
  domain: 'localhost',
  formatted_journal_name: '<strong>International Journal of</strong><br><span>Applied Research and Studies</span>',
  websiteemail: 'editor@ijars.example',
  whatsup_number: '+91 98765 43210',
  issn: '2999-1234',
  journal_essn: '2999-1242',
  doi_prefix: '10.5555',
  licence_name: 'CC BY 4.0',
  licence_url: 'https://creativecommons.org/licenses/by/4.0/',
  year_started: '2015',
  journal_frequency: 'Bi-monthly',
  journal_type: 'Online and Print, Peer Reviewed, Open Access',
  journal_language: 'English, Hindi',
  nassScore: '3.85',
  nassScoreYear: '2025',
  impactfactor: '5.42 (SJIF)',
  fee_rupee: '2000',
  fee_dollar: '50',
  home_content:
    '<h2>Aims and Scope</h2><p>The <em>International Journal of Applied Research and Studies</em> publishes original research, ' +
    'review articles and case studies in the social sciences, commerce, management, education, science and technology. ' +
    'Every submission is reviewed by at least two independent referees.</p>' +
    '<h3>Why publish with us</h3><ul><li>Peer review decision within 7 days</li><li>Certificate of publication for every author</li>' +
    '<li>Indexed in major academic databases</li><li>Open access: free to read for everyone</li></ul>',
  google_review_link: 'https://reviews.example/ijars',
  publisher_name: 'Applied Research Publications',
  publisher_address: '12 Knowledge Park, Sector 62, Noida, Uttar Pradesh 201309, India',
  publisher_head: 'Dr. Anjali Mehta',
  publisher_url: 'https://publisher.example',
  journal_list_url: 'https://publisher.example/journals',
  show_editor_contacts: 1,
  show_subject_column: 1,
  show_publisher_link: 1,
  show_journal_list_link: 1,
};

const BIMONTHLY = ['jan-feb', 'mar-apr', 'may-jun', 'jul-aug', 'sep-oct', 'nov-dec'];
const ARTICLES_PER_ISSUE = 4;

interface DemoEditor {
  name: string;
  category: EditorCategory;
  post: string;
  degree: string;
  content: string;
  country: string;
  /** The portrait's colour, or null for an editor without a picture. */
  picture: readonly [number, number, number] | null;
}

interface DemoIndexing {
  title: string;
  colour: string;
  link: string;
}

/** What a demo journal is made of: its settings, the years of its archive, its editors and indexing entries. */
export interface DemoJournal {
  settings: Omit<SettingsTable, 'id' | 'updated_at'>;
  firstYear: number;
  years: number;
  firstVolume: number;
  /** Seeds the random choice of titles, authors and dates, so a demo journal is the same on every machine. */
  seed: number;
  editors: readonly DemoEditor[];
  indexing: readonly DemoIndexing[];
}

const EDITORS: readonly DemoEditor[] = [
  {
    name: 'Prof. (Dr.) Rajesh Kumar Sharma',
    category: 'chief editor',
    post: 'Professor',
    degree: 'Ph.D., D.Litt.',
    content: 'Department of Economics, University of Delhi, Delhi, India',
    country: 'India',
    picture: [30, 64, 120],
  },
  {
    name: 'Dr. Meenakshi Iyer',
    category: 'associate editor',
    post: 'Associate Professor',
    degree: 'Ph.D.',
    content: 'School of Education, University of Madras, Chennai, India',
    country: 'India',
    picture: [120, 40, 60],
  },
  {
    name: 'Dr. José Müller-Łukasiewicz',
    category: 'associate editor',
    post: 'Professor',
    degree: 'Dr. phil.',
    content: 'Institute of Sociology, University of Wrocław, Poland',
    country: 'Poland',
    picture: null,
  },
  {
    name: 'Dr. Kwame Mensah',
    category: 'associate editor',
    post: 'Scientist',
    degree: 'Ph.D.',
    content: 'Council for Scientific and Industrial Research, Accra, Ghana',
    country: 'Ghana',
    picture: [20, 110, 80],
  },
  {
    name: 'Dr. Zoë Ørsted',
    category: 'associate editor',
    post: 'Head',
    degree: 'Ph.D.',
    content: 'Department of Environmental Science, Aarhus University, Denmark',
    country: 'Denmark',
    picture: null,
  },
  {
    name: 'Dr. Arvind Nair',
    category: 'assistant editor',
    post: 'Assistant Professor',
    degree: 'Ph.D., NET',
    content: 'Department of Commerce, University of Kerala, Thiruvananthapuram, India',
    country: 'India',
    picture: [90, 70, 140],
  },
  {
    name: 'Ms. Priya Verma',
    category: 'assistant editor',
    post: 'Lecturer',
    degree: 'M.Phil.',
    content: 'Department of Psychology, Banaras Hindu University, Varanasi, India',
    country: 'India',
    picture: null,
  },
  {
    name: 'Dr. Sandeep Gupta',
    category: 'assistant editor',
    post: 'Assistant Professor',
    degree: 'Ph.D.',
    content: 'Faculty of Management Studies, Jiwaji University, Gwalior, India',
    country: 'India',
    picture: [150, 100, 30],
  },
];

const INDEXING: readonly DemoIndexing[] = [
  { title: 'Google Scholar', colour: '#4285f4', link: 'https://scholar.google.com' },
  { title: 'Crossref', colour: '#d2232a', link: 'https://www.crossref.org' },
  { title: 'ResearchGate', colour: '#00ccbb', link: 'https://www.researchgate.net' },
  { title: 'Index Copernicus', colour: '#1b5e20', link: 'https://indexcopernicus.com' },
  { title: 'Academia', colour: '#41454a', link: '' },
];

/** The demo journal of an empty installation: three years of issues. */
export const DEMO_JOURNAL: DemoJournal = {
  settings: DEMO_SETTINGS,
  firstYear: 2024,
  years: 3,
  firstVolume: 10,
  seed: 2024,
  editors: EDITORS,
  indexing: INDEXING,
};

/**
 * Fills an empty journal (`db` is scoped to it) with a believable archive: settings, issues, editors, indexing.
 */
export async function seedDemoJournal(
  db: JournalDb,
  files: FileStore,
  log: FastifyBaseLogger,
  demo: DemoJournal = DEMO_JOURNAL,
): Promise<void> {
  const started = Date.now();
  await saveSettings(db, { ...demo.settings, updated_at: new Date().toISOString() });
  const articles = await seedIssuesAndArticles(db, files, demo);
  await seedEditors(db, files, demo.editors);
  await seedIndexing(db, files, demo.indexing);
  log.info(
    `Created the demo journal ${demo.settings.websitename}: ${articles} articles in ${demo.years * BIMONTHLY.length} issues (${Date.now() - started} ms)`,
  );
}

async function seedIssuesAndArticles(db: JournalDb, files: FileStore, demo: DemoJournal): Promise<number> {
  // pdfkit loads here, not with the server: only a first start with the demo journal draws its articles.
  const { demoArticlePdf } = await import('./article-pdf.js');
  const { settings } = demo;
  const random = seededRandom(demo.seed);
  const usedTitles = new Set<string>();
  const today = new Date().toISOString().slice(0, 10);
  let count = 0;
  for (let y = 0; y < demo.years; y++) {
    const year = demo.firstYear + y;
    const volume = demo.firstVolume + y;
    for (let i = 0; i < BIMONTHLY.length; i++) {
      const issue = i + 1;
      const frequency = BIMONTHLY[i]!;
      const issueId = await insertIssue(db, { year, volume, issue, frequency });
      let issueDate = today;
      let page = 1;
      for (let a = 0; a < ARTICLES_PER_ISSUE; a++) {
        let content = demoArticle(random);
        while (usedTitles.has(content.title)) content = demoArticle(random);
        usedTitles.add(content.title);
        count++;
        const refnumber = String(10000 + count);
        const length = 5 + Math.floor(random() * 8);
        const pagenumber = `${page}-${page + length - 1}`;
        page += length;
        const file = FileStore.articlePath(year, volume, issue, refnumber);
        const citation = formatCitation({ ...content, volume, issue, year, pagenumber }, settings.websitename);
        const firstPage = page - length;
        const pdf = { ...content, journal: settings.websitename, citation, firstPage, lastPage: page - 1 };
        await files.write(file, await demoArticlePdf(pdf));
        const month = 2 * i + 1 + Math.floor(random() * 2);
        const planned = `${year}-${String(month).padStart(2, '0')}-${String(5 + a * 5).padStart(2, '0')}`;
        // An issue of the current months is dated no later than today.
        const publishdate = planned < today ? planned : today;
        if (publishdate < issueDate) issueDate = publishdate;
        const place = { year, volume, issue, refnumber };
        const now = new Date().toISOString();
        await insertArticle(
          db,
          withDerivedColumns({
            refnumber,
            title: sanitizeTitle(content.title),
            authorname: content.authorname,
            abstract: sanitizeRichText(content.abstract),
            keywords: content.keywords,
            doi: suggestedDoi(settings.doi_prefix, settings.doi_suffix_pattern, settings.websitename, place),
            subject: content.subject,
            country: content.country,
            email: `author${count}@mail.example`,
            mobile: `98${String(10000000 + count * 7919).slice(0, 8)}`,
            pagenumber,
            year,
            volume,
            issue,
            frequency,
            txnid: `TXN${year}${String(count).padStart(6, '0')}`,
            ptype: count % 9 === 0 ? 'free' : 'paid',
            publishdate,
            file: `${refnumber}.pdf`,
            status: 'enabled',
            licence_name: settings.licence_name,
            licence_url: settings.licence_url,
            createdby: 'admin',
            creation: now,
            modifiedby: '',
            modification: now,
          }),
        );
      }
      // The issue was published with its first article.
      await updateIssue(db, issueId, { publication_date: issueDate });
    }
  }
  return count;
}

/** 'Zoë' -> 'zoe', for demo e-mail addresses and profile links. */
const asciiSlug = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

async function seedEditors(db: JournalDb, files: FileStore, editors: readonly DemoEditor[]): Promise<void> {
  for (const [index, editor] of editors.entries()) {
    let picture: string | null = null;
    if (editor.picture) {
      picture = `editor-${index + 1}.png`;
      await files.write(`editors/${picture}`, portraitPng([...editor.picture]));
    }
    const slug = asciiSlug(editor.name.replace(/^(prof\.|dr\.|ms\.|\(dr\.\)|\s)+/gi, '').split(' ')[0]!);
    const now = new Date().toISOString();
    await db
      .insertInto('editors')
      .values({
        name: editor.name,
        category: editor.category,
        post: editor.post,
        degree: editor.degree,
        content: editor.content,
        email: `${slug}@university.example`,
        phone: `+91 90000 ${String(10000 + index * 1111).slice(0, 5)}`,
        country: editor.country,
        editor_website: index % 2 === 0 ? `https://profiles.example/${slug}` : '',
        picture,
        status: 'enabled',
        is_pinned: index === 0 ? 1 : 0,
        creation: now,
        updated_at: now,
      })
      .execute();
  }
}

async function seedIndexing(db: JournalDb, files: FileStore, indexing: readonly DemoIndexing[]): Promise<void> {
  for (const [index, entry] of indexing.entries()) {
    const image = `indexing-${index + 1}.png`;
    await files.write(`indexing/${image}`, await wordmarkPng(entry.title, entry.colour));
    await db
      .insertInto('indexing')
      .values({ title: entry.title, link: entry.link, image, sortnumber: index + 1, status: 'enabled' })
      .execute();
  }
}
