import type { IndexingEntry } from '../../common/schemas/indexing.js';
import type { PublicSettings } from '../../common/schemas/settings.js';
import { chatLink } from './chat-link.js';
import { IndexingList } from './indexing-list.js';

export function HomeSidebar({ settings, indexing }: { settings: PublicSettings; indexing: readonly IndexingEntry[] }) {
  return (
    <aside className="sidebar" aria-label="Journal links">
      {settings.show_journal_list_link && settings.journal_list_url && (
        <a
          className="sidebar-card journal-list-link"
          href={settings.journal_list_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          View our list of journals
        </a>
      )}
      <a className="sidebar-card chat-card" href={chatLink(settings)} target="_blank" rel="noopener noreferrer">
        Chat with us for any query
      </a>
      <section className="sidebar-card submit-card">
        <h2>Submit your article</h2>
        <p>Send your manuscript by email to</p>
        <a href={`mailto:${settings.websiteemail}`}>{settings.websiteemail}</a>
      </section>
      <section className="sidebar-card">
        <h2>Indexed in</h2>
        <IndexingList entries={indexing} variant="sidebar" />
      </section>
    </aside>
  );
}
