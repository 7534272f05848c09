import type { PublicSettings } from '../../common/schemas/settings.js';

/** A chat-service link with a prefilled question about the journal. */
export function chatLink(settings: PublicSettings): string {
  const number = settings.whatsup_number.replace(/\D/g, '');
  const text = `Hello, I have a query about ${settings.websitename}.`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
