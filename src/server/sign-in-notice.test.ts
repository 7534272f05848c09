import { describe, expect, it } from 'vitest';
import { signInAddress, signInLines } from './sign-in-notice.js';

const LOCAL = { HOST: '127.0.0.1', PORT: 3000, SITE_URL: undefined };

describe('signInAddress', () => {
  it('is the admin sign-in page where the server listens, or on SITE_URL when it is set', () => {
    expect(signInAddress(LOCAL)).toBe('http://127.0.0.1:3000/admin/login');
    expect(signInAddress({ ...LOCAL, HOST: '0.0.0.0', PORT: 8080 })).toBe('http://localhost:8080/admin/login');
    expect(signInAddress({ ...LOCAL, HOST: '::1' })).toBe('http://[::1]:3000/admin/login');
    expect(signInAddress({ ...LOCAL, SITE_URL: 'https://journal.example.org' })).toBe(
      'https://journal.example.org/admin/login',
    );
  });
});

describe('signInLines', () => {
  it('give a generated password on lines of its own, and end with where to sign in', () => {
    const lines = signInLines(LOCAL, { username: 'admin', generatedPassword: 'Xy7-secret' });
    expect(lines).toContain('  user name: admin');
    expect(lines).toContain('  password: Xy7-secret');
    expect(lines.at(-1)).toBe('Sign in at http://127.0.0.1:3000/admin/login');
  });

  it('name no password that was not generated, nor an account this start did not create', () => {
    const given = signInLines(LOCAL, { username: 'admin', generatedPassword: null });
    expect(given).toEqual(['Sign in at http://127.0.0.1:3000/admin/login']);
    expect(signInLines(LOCAL, null)).toEqual(given);
  });
});
