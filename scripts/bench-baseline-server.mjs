// The machine's baseline for `npm run bench`: a plain Fastify route returning fixed bytes, the yardstick
// docs/quality-bars.md gives beside its page bars ("does about 24,000 here"). Listens on PORT.
import Fastify from 'fastify';

const app = Fastify();
const body = Buffer.from('fixed bytes\n');
app.get('/', (_request, reply) => reply.type('text/plain').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
