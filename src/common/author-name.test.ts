import { describe, expect, it } from 'vitest';
import { authorName, plainName, splitAuthors, surnameFirst, surnameInitials } from './citation.js';

/** Names as journals receive them: [input, family, given]. */
const NAMES: [string, string, string][] = [
  ['Rahul Sharma', 'Sharma', 'Rahul'],
  ['Dr Rahul Sharma', 'Sharma', 'Rahul'],
  ['Dr. Anita K. Iyer', 'Iyer', 'Anita K.'],
  ['Prof. (Dr.) Rajesh Kumar Sharma', 'Sharma', 'Rajesh Kumar'],
  ['Er. Vikram Singh', 'Singh', 'Vikram'],
  ['Er Vikram Singh', 'Singh', 'Vikram'],
  ['Mrs Sunita Devi', 'Devi', 'Sunita'],
  ['Ms. Priya Nair', 'Nair', 'Priya'],
  ['MR. T.S. Eliot', 'Eliot', 'T.S.'],
  ['A. K. Gupta', 'Gupta', 'A. K.'],
  ['Jan van der Berg', 'van der Berg', 'Jan'],
  ['Ludwig von Mises', 'von Mises', 'Ludwig'],
  ['Maria de la Cruz', 'de la Cruz', 'Maria'],
  ['Madonna', 'Madonna', ''],
  ['Dr. Madonna', 'Madonna', ''],
  ['Sharma, Rahul', 'Sharma', 'Rahul'],
  ['van der Berg, Jan', 'van der Berg', 'Jan'],
  ['  Meera    Nair  ', 'Nair', 'Meera'],
  ['José Müller-Łukasiewicz', 'Müller-Łukasiewicz', 'José'],
];

describe('author-name parser', () => {
  it.each(NAMES)('reads %j as family %j and given %j', (input, family, given) => {
    expect(authorName(input)).toEqual({ family, given });
  });

  it('writes every form from the same parts', () => {
    expect(plainName('  Dr.  Anita K.   Iyer ')).toBe('Anita K. Iyer');
    expect(surnameFirst('Jan van der Berg')).toBe('van der Berg, Jan');
    expect(surnameInitials('Er. Vikram Kumar Singh')).toBe('Singh VK');
    expect(splitAuthors('Dr Rahul Sharma, Prof. Meera Iyer').map(plainName)).toEqual(['Rahul Sharma', 'Meera Iyer']);
  });
});
