import type { TFunction } from 'i18next';

/**
 * Who did something, as a person reads it: the user's name, or the API key a customer's system
 * acted through ("API key shop-sync"), which says more than the name of the person who made the key.
 */
export const actorName = (t: TFunction, who: { userName?: string | null; apiKeyName?: string | null }) =>
  who.apiKeyName ? t('engine.timeline.apiKey', { name: who.apiKeyName }) : (who.userName ?? '');
