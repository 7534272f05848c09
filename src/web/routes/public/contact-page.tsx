import { chatLink } from '../../components/chat-link.js';
import { useRootData } from '../../lib/root-data.js';
import { contentPageLoader, StaticPage, staticHead, StoredPageText } from './static-page.js';

export const contactHead = staticHead(
  'Contact',
  '/contact',
  (settings) => `How to reach ${settings.websitename} and its publisher.`,
);

export const contactLoader = contentPageLoader('contact');

export function ContactPage() {
  const { settings } = useRootData();
  return (
    <StaticPage>
      <h1>CONTACT US</h1>
      <section className="contact-block" aria-labelledby="contact-publisher">
        <h2 id="contact-publisher">Publisher</h2>
        {settings.publisher_name && <p className="contact-publisher-name">{settings.publisher_name}</p>}
        <address>{settings.publisher_address}</address>
        {settings.publisher_head && (
          <p>
            Head: <strong>{settings.publisher_head}</strong>
          </p>
        )}
        {settings.show_publisher_link && settings.publisher_url && (
          <p>
            <a className="publisher-link" href={settings.publisher_url} target="_blank" rel="noopener noreferrer">
              Visit the publisher&rsquo;s website
            </a>
          </p>
        )}
      </section>
      <section className="contact-block" aria-label="Write to us">
        <StoredPageText />
      </section>
      <section className="contact-block" aria-labelledby="contact-chat">
        <h2 id="contact-chat">Chat with us</h2>
        <a className="chat-link" href={chatLink(settings)} target="_blank" rel="noopener noreferrer">
          Chat with us
        </a>
      </section>
    </StaticPage>
  );
}
