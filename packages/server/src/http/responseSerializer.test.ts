import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { registerResponseSerializer } from './responseSerializer.ts';

/** An answer with one field its schema names and one it does not. */
const answer = async () => ({ title: 'Cliff diving', internal: 'not documented' });

async function appWithTwoRoutes() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app);
  const response = { 200: z.object({ title: z.string() }) };
  await app.register(async (api) => {
    api.get('/parsed', { schema: { response } }, answer);
    api.get('/hot', { schema: { response }, config: { isHotPath: true } }, answer);
  });
  return app;
}

describe('the response serializer', () => {
  it('sends only the documented fields of an answer with a response schema', async () => {
    const app = await appWithTwoRoutes();
    expect((await app.inject({ method: 'GET', url: '/parsed' })).json()).toEqual({ title: 'Cliff diving' });
    await app.close();
  });

  it('sends a hot path answer as it is, without the parse', async () => {
    const app = await appWithTwoRoutes();
    expect((await app.inject({ method: 'GET', url: '/hot' })).json()).toEqual({ title: 'Cliff diving', internal: 'not documented' });
    await app.close();
  });
});
