import type englishCatalogue from './messages/en.json';

/** Every text key of the product: the keys of the English source catalogue (messages/en.json). */
export type MessageKey = keyof typeof englishCatalogue;
