import { describe, expect, it } from 'vitest';
import { foldWord, wordStem } from './word-forms';

describe('wordStem', () => {
  it('gives the forms of one Polish word one stem', () => {
    const stems = ['koncert', 'koncerty', 'koncertów', 'koncertach', 'koncertami', 'Koncertowi'].map(
      wordStem,
    );
    expect(new Set(stems)).toEqual(new Set(['koncert']));
  });

  it('gives English singulars and plurals one stem', () => {
    expect(wordStem('concerts')).toBe('concert');
    expect(wordStem('concert')).toBe('concert');
    expect(wordStem('workshops')).toBe(wordStem('workshop'));
    expect(wordStem('families')).toBe('famil');
    expect('family'.startsWith(wordStem('families'))).toBe(true);
  });

  it('keeps short words whole and a stem of at least four letters', () => {
    expect(wordStem('kino')).toBe('kino');
    expect(wordStem('jazz')).toBe('jazz');
    expect(wordStem('games')).toBe('game');
  });

  it('folds case and Polish letters as the database does', () => {
    expect(foldWord('Łódź')).toBe('lodz');
    expect(wordStem('WARSZTATÓW')).toBe('warsztat');
    expect(wordStem('wystawę')).toBe('wystaw');
  });
});
