import Fastify from 'fastify';

// The floor the delivery API is measured against: a bare Fastify app answering a small JSON object, in a process of its
// own as the server is, started the same way (`node --import tsx`). It prints its address once it listens.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
