import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../app-context.js';
import type { JournalSites } from '../journals/journal-sites.js';
import type { JournalsService } from '../modules/journals/journals.service.js';
import { DEFAULT_SETTINGS } from '../modules/settings/default-settings.js';
import { seedDemoJournal, type DemoJournal } from './demo-journal.js';

/** Where the demo's second journal answers: browsers and curl send *.localhost to this machine. */
export const SECOND_DEMO_HOST = 'journal2.localhost';

/** A second journal of the same publisher, unlike the first in name, look, board and archive. */
const SECOND_DEMO: DemoJournal = {
  settings: {
    ...DEFAULT_SETTINGS,
    websitename: 'Journal of Coastal and Marine Ecology',
    domain: SECOND_DEMO_HOST,
    formatted_journal_name: '<strong>Journal of</strong><br><span>Coastal and Marine Ecology</span>',
    websiteemail: 'editor@jcme.example',
    issn: '2999-5678',
    journal_essn: '2999-5686',
    doi_prefix: '10.5556',
    licence_name: 'CC BY 4.0',
    licence_url: 'https://creativecommons.org/licenses/by/4.0/',
    year_started: '2026',
    journal_frequency: 'Bi-monthly',
    journal_type: 'Online, Peer Reviewed, Open Access',
    journal_language: 'English',
    fee_rupee: '1500',
    fee_dollar: '40',
    home_content:
      '<h2>Aims and Scope</h2><p>The <em>Journal of Coastal and Marine Ecology</em> publishes field studies, ' +
      'surveys and reviews of estuaries, mangroves, reefs and the people who live from them.</p>',
    publisher_name: 'Applied Research Publications',
    publisher_address: '12 Knowledge Park, Sector 62, Noida, Uttar Pradesh 201309, India',
    publisher_head: 'Dr. Anjali Mehta',
    publisher_url: 'https://publisher.example',
    journal_list_url: 'https://publisher.example/journals',
    header_style: 'text',
    show_publisher_link: 1,
    show_journal_list_link: 1,
  },
  firstYear: 2026,
  years: 1,
  firstVolume: 1,
  seed: 2025,
  editors: [
    {
      name: 'Prof. Leela Fernandes',
      category: 'chief editor',
      post: 'Professor',
      degree: 'Ph.D.',
      content: 'National Institute of Oceanography, Goa, India',
      country: 'India',
      picture: [10, 90, 130],
    },
    {
      name: 'Dr. Tomás Aguilar',
      category: 'associate editor',
      post: 'Senior Scientist',
      degree: 'Ph.D.',
      content: 'Centro de Investigaciones Marinas, Valparaíso, Chile',
      country: 'Chile',
      picture: null,
    },
    {
      name: 'Dr. Amina Odhiambo',
      category: 'assistant editor',
      post: 'Lecturer',
      degree: 'Ph.D.',
      content: 'Department of Marine Sciences, University of Nairobi, Kenya',
      country: 'Kenya',
      picture: [140, 60, 20],
    },
  ],
  indexing: [
    { title: 'DOAJ', colour: '#f7931e', link: 'https://doaj.org' },
    { title: 'Crossref', colour: '#d2232a', link: 'https://www.crossref.org' },
  ],
};

/** The demo installation's second journal, at SECOND_DEMO_HOST (decision 095). */
export async function seedSecondDemoJournal(
  journalList: JournalsService,
  journals: JournalSites<Services>,
  log: FastifyBaseLogger,
): Promise<void> {
  const id = await journalList.create({ name: SECOND_DEMO.settings.websitename, hosts: [SECOND_DEMO_HOST] });
  const site = journals.site(id);
  await seedDemoJournal(site.db, site.files, log, SECOND_DEMO);
}
