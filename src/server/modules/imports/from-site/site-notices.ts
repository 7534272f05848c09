import { STAND_IN_PTYPE, standInTxnid } from './site-articles.js';
import { report, type SiteReadContext, type StoodIn } from './site-context.js';

const LABELS: Record<StoodIn, string> = {
  txnid: 'transaction ids',
  email: 'contact emails',
  ptype: 'payment types',
  mobile: 'mobile numbers',
  'author emails': "authors' emails",
};

function standInText(field: StoodIn, journalEmail: string): string {
  switch (field) {
    case 'txnid':
      return `its transaction id is '${standInTxnid('{refnumber}')}'`;
    case 'email':
      return journalEmail
        ? `its contact email is the journal's (${journalEmail})`
        : 'it has no contact email, which the import asks for (the site shows no journal email either)';
    case 'ptype':
      return `its payment type is '${STAND_IN_PTYPE}', the forms' default`;
    case 'mobile':
      return 'its mobile number is empty';
    case 'author emails':
      return 'its authors have no emails';
  }
}

/** Once for the whole plan: what the site keeps from the public, and what each article carries instead. */
export function reportNotPublic(context: SiteReadContext): void {
  const fields = (Object.keys(LABELS) as StoodIn[]).filter((field) => context.stoodIn.has(field));
  if (fields.length > 0) {
    report(
      context,
      'articles',
      `The site does not show ${fields.map((field) => LABELS[field]).join(', ')} publicly (the original product keeps ` +
        `them for its staff), so they cannot be copied. Where an article's is not shown, ` +
        `${fields.map((field) => standInText(field, context.journalEmail)).join('; ')}. Correct them after the import where they matter.`,
    );
  }
  if (context.authorsFromLine > 0) {
    report(
      context,
      'articles',
      `The site gives no structured authors: the authors of ${context.authorsFromLine} article(s) are read from their ` +
        'author line, without affiliations, countries or ORCID iDs.',
    );
  }
  report(
    context,
    'issues',
    'Only what readers see is read: draft and scheduled issues and withdrawn articles are not public. Nor are ' +
      "issues' publication dates: the import dates each issue by its first article's publish date.",
  );
  report(
    context,
    'site',
    "The site's logo, header and cover pictures and its pages of fixed text (instructions, about, contact, privacy, " +
      'terms) are not part of an import: set them in the settings and pages here.',
  );
}
