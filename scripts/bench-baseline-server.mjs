// The plain Fastify routes `npm run bench` compares the site with, loaded like the pages. Listens on PORT.
//
// Without BENCH_ANSWERS: the machine's yardstick, fixed bytes at /. With BENCH_ANSWERS (a JSON file of
// [{ path, headers, body (base64) }]): each answer the site gave at its path, the same bytes and the same header lines
// (security, caching, validators), so that a repeat view compared with it measures the page cache, not the headers.
import fs from 'node:fs';
import Fastify from 'fastify';

/** Header lines Node writes itself on every answer, the site's and this server's alike. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const app = Fastify();
if (process.env.BENCH_ANSWERS) {
  // One route for every path: a site path may hold characters Fastify's router reads as parameters.
  const answers = new Map(
    JSON.parse(fs.readFileSync(process.env.BENCH_ANSWERS, 'utf8')).map(({ path, headers, body }) => [
      path,
      {
        headers: Object.fromEntries(
          Object.entries(headers).filter(([name]) => !WRITTEN_BY_NODE.has(name.toLowerCase())),
        ),
        body: Buffer.from(body, 'base64'),
      },
    ]),
  );
  app.get('/*', (request, reply) => {
    const answer = answers.get(request.url);
    return answer ? reply.headers(answer.headers).send(answer.body) : reply.code(404).send();
  });
} else {
  const body = Buffer.from('fixed bytes\n');
  app.get('/', (_request, reply) => reply.type('text/plain').send(body));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
