import { setTimeout as sleep } from 'node:timers/promises';
import { builder } from './builder.js';

builder.subscriptionFields((t) => ({
  heartbeat: t.withAuth({ authenticated: true }).field({
    type: 'DateTime',
    description: 'The server time, now and then every few seconds: proves the subscription transport.',
    subscribe: async function* (_root, _args, context) {
      for (;;) {
        yield new Date();
        await sleep(context.config.heartbeatMs);
      }
    },
    resolve: (time: Date) => time,
  }),
}));
