import { startFakeChatCompletions } from './fakeChatCompletions.ts';

// The fake chat-completions server on its own, for the end-to-end run: `node --import tsx
// packages/server/test/fakeChatCompletionsMain.ts` listens on FAKE_AI_PORT; point AI_BASE_URL at the address it prints.
const port = Number(process.env.FAKE_AI_PORT ?? 8282);
if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`FAKE_AI_PORT must be a port number, got "${process.env.FAKE_AI_PORT}"`);
const fake = await startFakeChatCompletions({ port });
process.stdout.write(`fake chat completions on ${fake.url}\n`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
