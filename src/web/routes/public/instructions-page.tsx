import { MAX_AUTHORS, MAX_REFERENCES, MAX_TITLE_WORDS } from '../../../common/constants.js';
import { useRootData } from '../../lib/root-data.js';
import { StaticPage, staticHead } from './static-page.js';

export const instructionsHead = staticHead(
  'Instructions to Authors',
  '/instructions',
  (settings) => `How to prepare and submit a manuscript to ${settings.websitename}: format, limits, fees and publication.`,
);

export function InstructionsPage() {
  const { settings } = useRootData();
  return (
    <StaticPage>
      <h1>INSTRUCTIONS TO AUTHORS</h1>
      <p>
        {`${settings.websitename} welcomes original research papers, review articles and case studies. Please read these guidelines before you submit; manuscripts that do not follow them are returned for correction before review.`}
      </p>

      <h2>Preparing the manuscript</h2>
      <ul>
        <li>{`Title: concise and informative, at most ${MAX_TITLE_WORDS} words.`}</li>
        <li>{`Authors: at most ${MAX_AUTHORS} authors per article, each with full name, designation, department, institution and country. Mark the corresponding author and give an email address and mobile number.`}</li>
        <li>Abstract: 150 to 300 words stating the purpose, method, main findings and conclusion, followed by 4 to 6 keywords.</li>
        <li>Main text: introduction, review of literature, objectives, methodology, results, discussion and conclusion, in English or Hindi, typed in a 12-point font with 1.5 line spacing.</li>
        <li>Tables and figures: numbered consecutively, each with a title, and cited in the text.</li>
        <li>{`References: at most ${MAX_REFERENCES} references, in APA style, listed alphabetically at the end of the paper.`}</li>
      </ul>

      <h2>Submitting</h2>
      <p>
        Send the manuscript as a PDF or Word file by email to{' '}
        <a href={`mailto:${settings.websiteemail}`}>{settings.websiteemail}</a>, with the subject line
        &ldquo;Manuscript submission&rdquo;. State in the email that the work is original, has not been published before and is not under
        consideration elsewhere.
      </p>

      <h2>Review</h2>
      <p>
        Every manuscript is checked for plagiarism and reviewed by independent referees. You are told whether your article is accepted,
        needs revision or is declined; a revised manuscript should be returned within the time given in the decision.
      </p>

      <h2>Publication fees</h2>
      <p>
        {`The publication fee is ₹ ${settings.fee_rupee} for authors in India and $ ${settings.fee_dollar} for authors from other countries. `}
        Pay only after your article has been accepted: the payment details are sent with the acceptance email, and nothing is charged for
        submission or review.
      </p>

      <h2>After publication</h2>
      <p>
        Once the fee is received the article is published in the current issue, and the published article, a certificate of publication
        for every author and the cover page are sent to you within 5 days.
      </p>

      <h2>Copyright and ethics</h2>
      <p>
        Authors keep the copyright of their work and grant the journal the right to publish it. Authors are responsible for the accuracy
        of their data and citations; plagiarism, duplicate submission and fabricated data lead to rejection or retraction.
      </p>
    </StaticPage>
  );
}
