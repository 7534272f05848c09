import { describe, expect, it } from 'vitest';
import { FILE_SIZE_MESSAGE } from '../constants.js';
import { ARTICLE_ERROR_MESSAGES, PAGE_NUMBER_MESSAGE, pageOrderMessage, REF_NUMBER_MESSAGE } from './article.js';
import { GENERIC_ERROR_MESSAGE, LOGIN_ERROR_MESSAGES } from './auth.js';

// The exact texts of the specification (Validation rules, Error catalogue), as the forms show them for each server
// error code.
describe('user-facing messages', () => {
  it('article save errors', () => {
    expect(ARTICLE_ERROR_MESSAGES).toEqual({
      duplicate_reference_number: 'Duplicate reference number',
      duplicate_title: 'Duplicate title',
      duplicate_txnid: 'Transaction ID Already Used',
      invalid_txnid: 'Invalid transaction id',
      invalid_pagenumber: 'Invalid page number',
      duplicate_doi: 'Duplicate DOI',
    });
  });

  it('article form rules and the upload limit', () => {
    expect(REF_NUMBER_MESSAGE).toBe('Ref number must be a valid number.');
    expect(PAGE_NUMBER_MESSAGE).toBe('Page number format must be like 1-6.');
    expect(pageOrderMessage(12)).toBe(
      'The the first value of the page range should be one more than the last one. The last page was 12.',
    );
    expect(FILE_SIZE_MESSAGE).toBe('File size exceeds the limit of 5 MB.');
  });

  it('sign-in refusals', () => {
    expect(LOGIN_ERROR_MESSAGES).toEqual({
      invalid_credentials: 'Invalid user and password',
      disabled: 'User disabled',
      invalid_ip: 'Invalid IP',
      not_a_member: 'This account has no access to this journal.',
    });
    expect(GENERIC_ERROR_MESSAGE).toBe('Something went wrong');
  });
});
