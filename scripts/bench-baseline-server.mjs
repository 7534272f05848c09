// The machine's baseline for `npm run bench`: a plain Fastify route returning fixed bytes, loaded like the pages;
// the throughput bars of docs/quality-bars.md are ratios to it. Listens on PORT.
import Fastify from 'fastify';

const app = Fastify();
const body = Buffer.from('fixed bytes\n');
app.get('/', (_request, reply) => reply.type('text/plain').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
