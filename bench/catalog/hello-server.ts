/**
 * A bare Fastify "hello" server: the ceiling a cached catalog answer is compared with (issue #16),
 * started by bench/catalog/run.ts in its own process, beside the real server, in the same run.
 */
import Fastify from 'fastify';

const port = Number(process.env['PORT'] ?? 18190);
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port, host: '127.0.0.1' });
console.log('hello server listening');
