import { LANGUAGES, messages, type MessageTree } from '@geria/domain';
import { describe, expect, it } from 'vitest';
import { localesBackend, MESSAGES_NS } from './backend.ts';

const read = (language: string, namespace: string) =>
  new Promise<MessageTree>((resolve, reject) => {
    localesBackend.read(language, namespace, (error, data) => (error ? reject(error) : resolve(data as MessageTree)));
  });

describe('locales backend', () => {
  it.each(LANGUAGES)("serves the whole domain catalogue of %s, loaded on its own", async (language) => {
    expect(await read(language, MESSAGES_NS)).toEqual(messages[language]);
  });

  it('serves nothing for an unsupported language', async () => {
    expect(await read('xx', MESSAGES_NS)).toEqual({});
  });
});
