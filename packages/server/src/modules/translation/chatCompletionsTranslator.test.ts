import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../../test/fakeChatCompletions.ts';
import { AiUnavailableError, MAX_CHARS_PER_REQUEST, MAX_TEXTS_PER_REQUEST, batchTexts, createChatCompletionsTranslator } from './chatCompletionsTranslator.ts';

describe('batching texts', () => {
  it('keeps the order and cuts at the text count or the character budget', () => {
    expect(batchTexts(['a', 'b', 'c', 'd', 'e'], { texts: 2, chars: 100 })).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(batchTexts(['aaaa', 'bbbb', 'cc', 'dddddddddd', 'e'], { texts: 10, chars: 8 })).toEqual([['aaaa', 'bbbb'], ['cc'], ['dddddddddd'], ['e']]);
    expect(batchTexts([])).toEqual([]);
  });

  it('never sends more than the limits in one request by default', () => {
    const texts = Array.from({ length: 130 }, (_, index) => `text ${index} `.repeat(40));
    const batches = batchTexts(texts);
    expect(batches.flat()).toEqual(texts);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(MAX_TEXTS_PER_REQUEST);
      expect(batch.join('').length).toBeLessThanOrEqual(MAX_CHARS_PER_REQUEST);
    }
  });
});

describe('the chat-completions translator', () => {
  let fake: FakeChatCompletions;
  beforeAll(async () => {
    fake = await startFakeChatCompletions({ apiKey: 'sk-test' });
  });
  afterAll(async () => {
    await fake.close();
  });
  const translator = (apiKey: string | undefined = 'sk-test', timeoutMs?: number) =>
    createChatCompletionsTranslator({ baseUrl: fake.url, apiKey, model: 'fake-model' }, timeoutMs ? { timeoutMs } : {});

  it('asks for a JSON object of translations with the model and the key, and answers them in order', async () => {
    fake.requests.length = 0;
    const translations = await translator().translate({ texts: ['Cold.', 'Ice & snow'], sourceLocale: 'en', targetLocale: 'de' });
    expect(translations).toEqual(['[de] Cold.', '[de] Ice & snow']);
    const [body] = fake.requests;
    expect(body).toMatchObject({ model: 'fake-model', response_format: { type: 'json_object' } });
    const messages = body?.messages as Array<{ role: string; content: string }>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain('{"translations": [...]}');
    expect(JSON.parse(messages[1]?.content ?? '')).toEqual({ sourceLocale: 'en', targetLocale: 'de', texts: ['Cold.', 'Ice & snow'] });
  });

  it('sends a long list in several requests and joins the answers', async () => {
    fake.requests.length = 0;
    const texts = Array.from({ length: MAX_TEXTS_PER_REQUEST * 2 + 1 }, (_, index) => `Text ${index}`);
    expect(await translator().translate({ texts, sourceLocale: 'en', targetLocale: 'fr' })).toEqual(texts.map((text) => `[fr] ${text}`));
    expect(fake.requests).toHaveLength(3);
  });

  it.each([
    ['an error status', 'http-500'],
    ['an answer that is not JSON', 'bad-json'],
    ['the wrong number of translations', 'wrong-count'],
  ] as const)('fails with AiUnavailableError on %s', async (_label, how) => {
    fake.failNext(1, how);
    await expect(translator().translate({ texts: ['a', 'b'], sourceLocale: 'en', targetLocale: 'de' })).rejects.toBeInstanceOf(AiUnavailableError);
  });

  it('fails with AiUnavailableError when refused for a wrong key or unreachable', async () => {
    await expect(translator('wrong').translate({ texts: ['a'], sourceLocale: 'en', targetLocale: 'de' })).rejects.toBeInstanceOf(AiUnavailableError);
    const closed = createChatCompletionsTranslator({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: undefined, model: 'm' });
    await expect(closed.translate({ texts: ['a'], sourceLocale: 'en', targetLocale: 'de' })).rejects.toBeInstanceOf(AiUnavailableError);
  });

  it('gives up after its timeout', async () => {
    const release = fake.hold();
    try {
      await expect(translator('sk-test', 200).translate({ texts: ['a'], sourceLocale: 'en', targetLocale: 'de' })).rejects.toBeInstanceOf(AiUnavailableError);
    } finally {
      release();
    }
  });

  it('reads an answer wrapped in a Markdown code fence', async () => {
    const server = http.createServer((_request, response) => {
      const content = '```json\n{"translations": ["Hallo"]}\n```';
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const fenced = createChatCompletionsTranslator({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: undefined, model: 'm' });
      expect(await fenced.translate({ texts: ['Hello'], sourceLocale: 'en', targetLocale: 'de' })).toEqual(['Hallo']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
