import { describe, expect, it } from 'vitest';
import { ARTICLE_ERROR_MESSAGES, articleEditSchema } from '../../../common/schemas/article.js';
import { settingsInputSchema } from '../../../common/schemas/settings.js';
import type { ApiFailure } from '../../lib/api-client.js';
import { hasProblems, refusalProblems, schemaProblems } from './field-errors.js';

const failure = (status: number, error: string, message: string): ApiFailure => ({ ok: false, status, error, message });

describe('schemaProblems', () => {
  it('gives every invalid field its first message at once', () => {
    const parsed = articleEditSchema.safeParse({
      refnumber: 'x',
      title: '',
      abstract: '<p></p>',
      pagenumber: '1_6',
      txnid: '',
      ptype: 'paid',
      publishdate: '',
    });
    expect(parsed.success).toBe(false);
    const problems = schemaProblems(parsed.error!);
    expect(problems.fields).toMatchObject({
      refnumber: 'Ref number must be a valid number.',
      title: 'Title is required',
      abstract: 'Abstract is required',
      pagenumber: 'Page number format must be like 1-6.',
      txnid: 'Transaction ID is required',
      authorname: 'Author names is required',
    });
    expect(problems.form).toBe('');
    expect(hasProblems(problems)).toBe(true);
  });

  it('puts too many authors beside the authors field, naming the limit', () => {
    const parsed = articleEditSchema.safeParse({ authorname: 'A, B, C, D, E, F, G' });
    expect(schemaProblems(parsed.error!).fields.authorname).toBe(
      'Author names must list at most 5 authors, separated by commas',
    );
  });

  it('refuses fees that are not numbers before anything is sent', () => {
    const problems = schemaProblems(
      settingsInputSchema.safeParse({ fee_rupee: 'two thousand', fee_dollar: '50' }).error!,
    );
    expect(problems.fields.fee_rupee).toBe('must be a number, like 2000 or 49.50');
    expect(problems.fields.fee_dollar).toBeUndefined();
  });
});

describe('refusalProblems', () => {
  const fields = ['refnumber', 'title', 'pagenumber', 'pdfFile'];

  it('puts a "<field>: <reason>" refusal beside its field', () => {
    expect(refusalProblems(failure(400, 'invalid_input', 'title: Title is required'), fields)).toEqual({
      fields: { title: 'Title is required' },
      form: '',
    });
  });

  it('maps error codes onto fields with the messages of the specification', () => {
    const map = { codeFields: { duplicate_reference_number: 'refnumber' }, messages: ARTICLE_ERROR_MESSAGES };
    expect(refusalProblems(failure(409, 'duplicate_reference_number', 'whatever'), fields, map)).toEqual({
      fields: { refnumber: 'Duplicate reference number' },
      form: '',
    });
  });

  it('shows a clear reason that names no field of the form as the server gave it', () => {
    expect(refusalProblems(failure(413, 'file_too_large', 'File size exceeds the limit of 5 MB.'), fields)).toEqual({
      fields: {},
      form: 'File size exceeds the limit of 5 MB.',
    });
    expect(refusalProblems(failure(400, 'invalid_input', 'other_field: must be text'), fields).form).toBe(
      'other_field: must be text',
    );
  });

  it('says "Something went wrong" only for unexpected failures', () => {
    expect(refusalProblems(failure(500, 'internal', 'boom'), fields).form).toBe('Something went wrong');
    expect(refusalProblems(failure(503, 'database_unavailable', 'later'), fields).form).toBe('Something went wrong');
    expect(refusalProblems(failure(0, 'Network Error', 'Network Error'), fields).form).toBe('Something went wrong');
  });
});
