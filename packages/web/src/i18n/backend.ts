import { isLanguage, messages, type MessageTree } from '@geria/domain';
import type { BackendModule, ReadCallback } from 'i18next';

/** UI namespaces: every `locales/<lang>/<ns>.json`, each its own lazily loaded chunk. */
const uiFiles = import.meta.glob<MessageTree>('./locales/*/*.json', { import: 'default' });

/** The namespace holding the domain catalogue (API error codes, confirmations, validation). */
export const MESSAGES_NS = 'messages';

async function load(language: string, namespace: string): Promise<MessageTree> {
  if (namespace === MESSAGES_NS) return isLanguage(language) ? messages[language] : {};
  const file = uiFiles[`./locales/${language}/${namespace}.json`];
  return file ? file() : {};
}

/** Serves the domain catalogue from memory and UI strings on demand, one language at a time. */
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
