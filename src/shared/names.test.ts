import { describe, expect, it } from 'vitest';
import {
  canonicalEmail,
  normalizeUsername,
  stripFormatCharacters,
  USERNAME_MESSAGES,
  usernameKey,
  usernameProblem,
} from './names.js';

const problem = (name: string) => usernameProblem(normalizeUsername(name));

describe('usernames', () => {
  it('gives maria, Maria and full-width ｍａｒｉａ one key', () => {
    expect(new Set(['maria', 'Maria', 'MARIA', 'ｍａｒｉａ'].map(usernameKey))).toEqual(
      new Set(['maria']),
    );
    expect(normalizeUsername('ｍａｒｉａ')).toBe('maria');
    expect(usernameKey('Straße')).toBe(usernameKey('STRASSE'));
  });

  it('refuses letters of two scripts, such as a Cyrillic а among Latin letters', () => {
    expect(problem('m\u0430ria')).toBe(USERNAME_MESSAGES.mixedScripts);
    expect(problem('Ελένηx')).toBe(USERNAME_MESSAGES.mixedScripts);
  });

  it('refuses invisible characters: zero-width spaces, direction overrides', () => {
    for (const name of ['mar\u200Bia', 'maria\u202E', '\u2066maria', 'ma\u200Dria']) {
      expect(problem(name), JSON.stringify(name)).toBe(USERNAME_MESSAGES.invisible);
    }
  });

  it('takes one script with digits, dot, dash and underscore, whatever the script', () => {
    for (const name of ['maria', 'jose.l-1', 'café', 'Ελένη', 'Сергей_7', 'राहुल', '김민수']) {
      expect(problem(name), name).toBeNull();
    }
    // A Japanese name writes kanji and kana together: one writing system.
    expect(problem('山田たろう')).toBeNull();
  });

  it('refuses other symbols and marks that belong to no script', () => {
    expect(problem('maria!')).toBe(USERNAME_MESSAGES.characters);
    expect(problem('x\u0301\u0301\u0301')).toBe(USERNAME_MESSAGES.characters);
  });
});

describe('format characters in names, titles and messages', () => {
  it('are removed, so text reads as it is stored', () => {
    expect(stripFormatCharacters('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(stripFormatCharacters('Hi\u200B there\uFEFF')).toBe('Hi there');
    expect(stripFormatCharacters('plain text')).toBe('plain text');
  });

  it('keep the joiner inside an emoji sequence', () => {
    const family = '👨\u200D👩\u200D👧';
    expect(stripFormatCharacters(`${family} and \u200Bme`)).toBe(`${family} and me`);
  });
});

describe('canonical e-mail', () => {
  it('is lower case without the +tag of the local part', () => {
    expect(canonicalEmail('Name+market@SFSU.edu')).toBe('name@sfsu.edu');
    expect(canonicalEmail('NAME@sfsu.edu')).toBe('name@sfsu.edu');
    expect(canonicalEmail('name@sfsu.edu')).toBe('name@sfsu.edu');
  });
});
