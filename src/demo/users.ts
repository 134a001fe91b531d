import type { Role } from '../identity/principal.js';

// Apart from the seed (which loads the knowledge service) so that `npm run token` can name them cheaply.
/** The demo tenant's key. */
export const DEMO_TENANT = 'acme';
/** The demo users the seed creates, and the GraphiQL and console sign-in offer. */
export const DEMO_USERS: { subject: string; roles: Role[] }[] = [
  { subject: 'alice', roles: ['USER'] },
  { subject: 'bob', roles: ['USER'] },
  { subject: 'carol', roles: ['ADMIN', 'COMPLIANCE'] },
  { subject: 'sam', roles: ['SRE'] },
];
