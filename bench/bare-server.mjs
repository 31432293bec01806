// The baseline of `npm run bench`: a Fastify server with nothing but one route answering a small
// JSON object, the same Fastify the Pitstop server runs (apps/server's dependency). Started by
// bench/server.mjs as its own process on PORT: `PORT=3001 node bench/bare-server.mjs`.
import { createRequire } from 'node:module';

const serverPackage = new URL('../apps/server/package.json', import.meta.url);
const Fastify = createRequire(serverPackage)('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true, name: 'baseline' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
