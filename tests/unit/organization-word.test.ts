import { describe, expect, it } from 'vitest';
import { allLeaves, LANGUAGES } from '../helpers/locale-files';

/**
 * SPEC 1 calls the entity "Organizations (customers)" and its menu "Organizations": each language
 * labels the organization field and entity with the one word its own Organizations menu uses.
 */
const WORD = { en: 'Organization', zh: '客户', es: 'Organización', ja: '顧客' } as const;

/** The other words the screens once used for it, which no text may use again. */
const OTHER_WORDS = { en: /customer/i, zh: /组织/, es: /client/i, ja: /取引先|組織/ } as const;

/** Labels of the organization entity that are the bare word, though their keys are not `organizationId`. */
const BARE_WORD_KEYS = ['dashboard.organization', 'finance.runs.customer', 'reports.inventory.organization'];

/** Texts where another word is SPEC's or means something else, with the reason. */
const NOT_THE_FIELD: Record<string, string> = {
  'users.fields.organizationId': 'SPEC 4 names a user\'s field "own organization", beside the customers they manage',
  'layout.profile.organization': "the profile shows the same user's own organization",
  'enums.deliveryType.1': 'SPEC 3 fixes delivery type 1 "customer pickup"',
  'enums.changeType.2': 'SPEC 3 fixes stock change type 2 "customer order outbound"',
  'enums.organizationLevel.1': 'a level names the kind of customer relationship (key account), not the entity',
  'enums.organizationLevel.2': 'a level names the kind of customer relationship (regular), not the entity',
  'enums.organizationLevel.3': 'a level names the kind of customer relationship (prospect), not the entity',
};

describe('the organization word (SPEC 1: Organizations)', () => {
  it.each(LANGUAGES)('%s labels every organizationId field and the bare entity with one text', (lang) => {
    const labels = allLeaves(lang).filter(
      ([key]) =>
        !(key in NOT_THE_FIELD) &&
        ((key.endsWith('.organizationId') && !key.includes('.placeholders.')) || BARE_WORD_KEYS.includes(key)),
    );
    expect(labels.length).toBeGreaterThan(BARE_WORD_KEYS.length);
    const others = labels.filter(([, text]) => text !== WORD[lang]);
    expect(others, `labels other than "${WORD[lang]}"`).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses no other word for the organization', (lang) => {
    const others = allLeaves(lang).filter(
      ([key, text]) => !(key in NOT_THE_FIELD) && OTHER_WORDS[lang].test(String(text)),
    );
    expect(others, `texts naming the organization otherwise than "${WORD[lang]}"`).toEqual([]);
  });

  it('lists only exceptions that exist, in every language', () => {
    const absent = LANGUAGES.flatMap((lang) => {
      const keys = new Set(allLeaves(lang).map(([key]) => key));
      return Object.keys(NOT_THE_FIELD)
        .filter((key) => !keys.has(key))
        .map((key) => `${lang}: ${key}`);
    });
    expect(absent).toEqual([]);
  });
});
