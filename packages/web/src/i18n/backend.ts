import { isLanguage, type MessageTree } from '@geria/domain';
import { buildCatalogue } from '@geria/domain/i18n/catalogue.ts';
import type { BackendModule, ReadCallback } from 'i18next';

/** UI namespaces: every `locales/<lang>/<ns>.json`, each its own lazily loaded chunk. */
const uiFiles = import.meta.glob<MessageTree>('./locales/*/*.json', { import: 'default' });

/**
 * The domain catalogue's area files (`<lang>/<area>.json`), loaded on demand: the build groups
 * each language's areas into one chunk (vite.config.ts), so a visitor downloads the messages of
 * their language only, not the seven languages `messages` of @geria/domain holds.
 */
const domainFiles = import.meta.glob<MessageTree>('../../../domain/src/i18n/locales/*/*.json', { import: 'default' });

/** The namespace holding the domain catalogue (API error codes, confirmations, validation). */
export const MESSAGES_NS = 'messages';

async function domainMessages(language: string): Promise<MessageTree> {
  if (!isLanguage(language)) return {};
  const files = Object.entries(domainFiles).filter(([path]) => path.split('/').at(-2) === language);
  const trees = await Promise.all(files.map(async ([path, file]) => [path, await file()] as const));
  return buildCatalogue(Object.fromEntries(trees))[language];
}

async function load(language: string, namespace: string): Promise<MessageTree> {
  if (namespace === MESSAGES_NS) return domainMessages(language);
  const file = uiFiles[`./locales/${language}/${namespace}.json`];
  return file ? file() : {};
}

/** Serves the domain catalogue and the UI strings on demand, one language at a time. */
export const localesBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    load(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};
