/**
 * The floor of the overhead part: a bare Fastify (the app's version, no plugins, no logger) that
 * answers GET / with a small JSON object, in a process of its own as the app is, listening on a
 * free loopback port. Tells the parent its port over IPC and exits when the parent goes.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true, port: typeof address === 'object' && address ? address.port : 0, pid: process.pid });
