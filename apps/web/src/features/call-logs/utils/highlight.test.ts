import { describe, expect, it } from 'vitest';
import { highlightParts, searchedWords } from './highlight';

describe('searchedWords', () => {
  it('reads the search as the server does: phrases word by word, no exclusions or operators', () => {
    expect(searchedWords('"root canal" OR cleaning -invoice')).toEqual(['canal', 'clean', 'root']);
  });

  it('finds every form of a word the server stems to the same word', () => {
    expect(searchedWords('booked')).toEqual(['book']);
    expect(searchedWords('bookings')).toEqual(['booking']);
    // Too short to take an ending off.
    expect(searchedWords('is bus')).toEqual(['bus', 'is']);
  });

  it('has nothing to find in punctuation or an empty search', () => {
    expect(searchedWords('')).toEqual([]);
    expect(searchedWords(' "" - , ')).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('marks each word that starts with a searched word, in any case', () => {
    expect(highlightParts('I would like to Book a booking, please.', 'booked')).toEqual([
      { text: 'I would like to ', match: false },
      { text: 'Book', match: true },
      { text: ' a ', match: false },
      { text: 'booking', match: true },
      { text: ', please.', match: false },
    ]);
  });

  it('does not mark a searched word inside another word', () => {
    expect(highlightParts('Notebook', 'book')).toEqual([{ text: 'Notebook', match: false }]);
  });

  it('keeps accents and other scripts whole', () => {
    expect(highlightParts('Café crème', 'crème')).toEqual([
      { text: 'Café ', match: false },
      { text: 'crème', match: true },
    ]);
  });

  it('treats the search as text, never as a pattern or markup', () => {
    expect(highlightParts('a (b) <i>c</i> a.b', '(b) .*')).toEqual([
      { text: 'a (', match: false },
      { text: 'b', match: true },
      { text: ') <i>c</i> a.', match: false },
      { text: 'b', match: true },
    ]);
  });

  it('leaves a line whole when nothing is searched', () => {
    expect(highlightParts('Hello there', '')).toEqual([{ text: 'Hello there', match: false }]);
    expect(highlightParts('', 'hello')).toEqual([]);
  });
});
