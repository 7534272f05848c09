import { describe, expect, it } from 'vitest';
import { journalInputSchema } from '../../../common/schemas/journal.js';
import { schemaProblems } from '../../features/forms/field-errors.js';
import { journalAddress, journalBody } from './journals-page.js';

const form = { name: 'Annals', shortName: '', hosts: '', publicOrigin: '' };

describe('journals form', () => {
  it('sends the host names one per line, the first the primary, and leaves out empty optional fields', () => {
    const body = journalBody({ ...form, hosts: ' j3.test \r\n\nwww.j3.test\n' });
    expect(body).toEqual({ name: 'Annals', hosts: ['j3.test', 'www.j3.test'] });
    expect(journalInputSchema.safeParse(body).success).toBe(true);
    expect(journalBody({ ...form, shortName: 'Ann', publicOrigin: 'https://j3.example' })).toMatchObject({
      shortName: 'Ann',
      publicOrigin: 'https://j3.example',
    });
  });

  it('marks the host names field when none is given', () => {
    const parsed = journalInputSchema.safeParse(journalBody({ ...form, hosts: '\n  \n' }));
    expect(parsed.success).toBe(false);
    expect(schemaProblems(parsed.error!).fields).toEqual({ hosts: 'Give at least one host name' });
  });

  it("links to a journal's primary host on the page's own port", () => {
    expect(journalAddress('j3.test', '')).toBe('http://j3.test/');
    expect(journalAddress('j3.test', '5173')).toBe('http://j3.test:5173/');
  });
});
