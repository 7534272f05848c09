import type { Kysely, Migration } from 'kysely';

interface PagesOnly {
  content_pages: { slug: string; content: string; updated_at: string };
}

/**
 * The pages of fixed text, stored so that staff can edit them, seeded with the texts they had; and
 * the site pictures (logo, header image, cover picture) uploaded in the settings, which replace the built-in
 * ones while a row names them.
 */
export function contentPagesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_pages')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      const now = new Date().toISOString();
      const rows = Object.entries(PAGES).map(([slug, content]) => ({ slug, content, updated_at: now }));
      await (db as Kysely<PagesOnly>).insertInto('content_pages').values(rows).execute();
      await db.schema
        .createTable('site_pictures')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

// A copy of the texts as they were when this migration was written, so that later edits never change what it stores.
// `{name}` shows the setting of that name (fillPlaceholders).
const PAGES: Record<string, string> = {
  instructions: [
    '<p>{websitename} welcomes original research papers, review articles and case studies. Please read these guidelines before you submit; manuscripts that do not follow them are returned for correction before review.</p>',
    '<h2>Preparing the manuscript</h2>',
    '<ul>',
    '<li>Title: concise and informative, at most 100 words.</li>',
    '<li>Authors: at most 5 authors per article, each with full name, designation, department, institution and country. Mark the corresponding author and give an email address and mobile number.</li>',
    '<li>Abstract: 150 to 300 words stating the purpose, method, main findings and conclusion, followed by 4 to 6 keywords.</li>',
    '<li>Main text: introduction, review of literature, objectives, methodology, results, discussion and conclusion, in English or Hindi, typed in a 12-point font with 1.5 line spacing.</li>',
    '<li>Tables and figures: numbered consecutively, each with a title, and cited in the text.</li>',
    '<li>References: at most 50 references, in APA style, listed alphabetically at the end of the paper.</li>',
    '</ul>',
    '<h2>Submitting</h2>',
    '<p>Send the manuscript as a PDF or Word file by email to <a href="mailto:{websiteemail}">{websiteemail}</a>, with the subject line “Manuscript submission”. State in the email that the work is original, has not been published before and is not under consideration elsewhere.</p>',
    '<h2>Review</h2>',
    '<p>Every manuscript is checked for plagiarism and reviewed by independent referees. You are told whether your article is accepted, needs revision or is declined; a revised manuscript should be returned within the time given in the decision.</p>',
    '<h2>Publication fees</h2>',
    '<p>The publication fee is ₹ {fee_rupee} for authors in India and $ {fee_dollar} for authors from other countries. Pay only after your article has been accepted: the payment details are sent with the acceptance email, and nothing is charged for submission or review.</p>',
    '<h2>After publication</h2>',
    '<p>Once the fee is received the article is published in the current issue, and the published article, a certificate of publication for every author and the cover page are sent to you within 5 days.</p>',
    '<h2>Copyright and ethics</h2>',
    '<p>Authors keep the copyright of their work and grant the journal the right to publish it. Authors are responsible for the accuracy of their data and citations; plagiarism, duplicate submission and fabricated data lead to rejection or retraction.</p>',
  ].join(''),
  about: [
    '<p>{websitename} is a peer-reviewed, open-access journal that publishes original research, review articles and case studies. It gives researchers, teachers and students a quick, careful and affordable route to publication, and keeps every published article free to read.</p>',
    '<p>Published since {year_started}, {journal_frequency} issues in {journal_language}, by {publisher_name}.</p>',
    '<h2>Peer review</h2>',
    '<p>Every submission is checked for originality and then reviewed by independent experts in its field. The editors decide on publication from the reviewers’ reports; authors receive the decision with the reviewers’ comments.</p>',
    '<h2>Open access</h2>',
    '<p>All articles are free to read, download and cite. Each article page carries its full citation and metadata, so that it can be found through scholarly search engines and cited correctly.</p>',
  ].join(''),
  contact: [
    '<h2>Write to us</h2>',
    '<p>Email: <a href="mailto:{websiteemail}">{websiteemail}</a></p>',
    '<p>Ask us about submission, review, fees or your published article; we usually answer within a working day.</p>',
  ].join(''),
  'privacy-policy': [
    '<p>This policy explains what personal information {websitename} collects, why, and how it is protected. By using this website or submitting a manuscript you agree to this policy.</p>',
    '<h2>Information we collect</h2>',
    '<ul>',
    '<li>Details you send with a manuscript: names, designations, institutions, email addresses and mobile numbers of the authors.</li>',
    '<li>Payment references of publication fees (transaction identifiers, never card or bank credentials).</li>',
    '<li>Technical data our server records for security, such as IP addresses and the pages requested.</li>',
    '</ul>',
    '<h2>How we use it</h2>',
    '<p>We use this information to review and publish your work, to issue certificates of publication, to answer your questions and to keep the website secure. Author names, affiliations and countries are published with the article as part of the scholarly record; email addresses and mobile numbers are never published.</p>',
    '<h2>Sharing</h2>',
    '<p>We do not sell or rent personal information. It is shared only with reviewers and editors who need it to handle your manuscript, with indexing services for the published metadata of articles, or where the law requires it.</p>',
    '<h2>Cookies and storage</h2>',
    '<p>The public website sets no tracking cookies. Staff who sign in to the administration area keep a sign-in token in their browser’s local storage until they sign out or it expires.</p>',
    '<h2>Retention and your rights</h2>',
    '<p>Published articles stay in the archive permanently. You may ask to see, correct or delete the personal information we hold about you by writing to {websiteemail}; we answer within 30 days.</p>',
    '<h2>Changes</h2>',
    '<p>We may update this policy; the version on this page is the one in force.</p>',
  ].join(''),
  'terms-and-conditions': [
    '<p>These terms govern your use of the {websitename} website. By using the website you accept them; if you do not, please do not use it.</p>',
    '<h2>Use of content</h2>',
    '<p>Articles published by {websitename} are open access: you may read, download, print and share them for personal, educational and research purposes, provided the authors and the journal are credited with a full citation. Reproduction for commercial purposes needs written permission. The design, logos and text of the website itself belong to {websitename} and its publisher.</p>',
    '<h2>Acceptable use</h2>',
    '<p>You must not use the website in a way that damages it or impairs its availability, attempts to gain unauthorised access to any part of it, collects data by automated means beyond ordinary indexing by search engines, or transmits unlawful, harmful or infringing material. Authors must submit only their own original work and accurate information.</p>',
    '<h2>Indemnity</h2>',
    '<p>You agree to indemnify {websitename}, its publisher, editors and staff against any claims, losses and costs arising from your breach of these terms or from material you submit, including any claim that a submitted manuscript infringes the rights of others.</p>',
    '<h2>Limitation of liability</h2>',
    '<p>To the fullest extent permitted by law, {websitename} is not liable for any indirect, incidental or consequential loss arising from the use of, or inability to use, the website or its content, including loss of data or of opportunity.</p>',
    '<h2>Disclaimer</h2>',
    '<p>The website and its content are provided "as is". Opinions expressed in articles are those of their authors and not of {websitename}, its editors or its publisher. We do not warrant that the website will be uninterrupted or free of errors, nor that the content is complete or current.</p>',
    '<h2>Changes and governing law</h2>',
    '<p>We may revise these terms at any time; the version on this page is the one in force. These terms are governed by the laws of India, and disputes are subject to the courts of the publisher’s location.</p>',
  ].join(''),
};
