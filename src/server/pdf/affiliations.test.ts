import { describe, expect, it } from 'vitest';
import { affiliationNotes } from './affiliations.js';

describe('affiliationNotes', () => {
  it('numbers each distinct affiliation once, in the order of the authors', () => {
    expect(
      affiliationNotes([
        { name: 'Anita Iyer', affiliation: 'IIT Bombay, India' },
        { name: 'Rahul Sharma', affiliation: 'University of Pune, India' },
        { name: 'Meera Nair', affiliation: 'IIT Bombay, India' },
        { name: 'Li Wei', affiliation: '' },
      ]),
    ).toEqual({
      names: 'Anita Iyer¹, Rahul Sharma², Meera Nair¹, Li Wei',
      notes: ['¹ IIT Bombay, India', '² University of Pune, India'],
    });
  });

  it('writes one affiliation shared by every author once, without numbers', () => {
    expect(
      affiliationNotes([
        { name: 'Anita Iyer', affiliation: 'IIT Bombay' },
        { name: 'Rahul Sharma', affiliation: 'IIT Bombay' },
      ]),
    ).toEqual({ names: 'Anita Iyer, Rahul Sharma', notes: ['IIT Bombay'] });
  });

  it('numbers an affiliation that only some authors have', () => {
    expect(
      affiliationNotes([
        { name: 'Anita Iyer', affiliation: 'IIT Bombay' },
        { name: 'Rahul Sharma', affiliation: '' },
      ]),
    ).toEqual({ names: 'Anita Iyer¹, Rahul Sharma', notes: ['¹ IIT Bombay'] });
  });

  it('gives the names alone when nobody has an affiliation, and numbers past nine in superscript digits', () => {
    expect(affiliationNotes([{ name: 'Anita Iyer', affiliation: '' }])).toEqual({ names: 'Anita Iyer', notes: [] });
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `A${i}`, affiliation: `Place ${i}` }));
    expect(affiliationNotes(many).names.endsWith('A10¹¹')).toBe(true);
  });
});
