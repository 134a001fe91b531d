import type { Database } from '../platform/db/prisma.js';
import { seedDemoKnowledge } from './knowledge.js';
import { DEMO_TENANT, DEMO_USERS } from './users.js';

export { DEMO_TENANT, DEMO_USERS } from './users.js';

/** Loads the demo tenant, users and knowledge; idempotent, and never touches data that exists. */
export async function seedDemoData(db: Database): Promise<void> {
  const tenant = await db.tenant.upsert({ where: { key: DEMO_TENANT }, create: { key: DEMO_TENANT }, update: {} });
  for (const { subject, roles } of DEMO_USERS) {
    const user = await db.user.upsert({
      where: { tenantId_subject: { tenantId: tenant.id, subject } },
      create: { tenantId: tenant.id, subject, roles },
      update: {},
    });
    if (subject === 'alice' && (await db.session.count({ where: { userId: user.id } })) === 0) {
      await db.session.createMany({
        data: [
          { tenantId: tenant.id, userId: user.id, title: 'Supplier agreement questions' },
          { tenantId: tenant.id, userId: user.id, title: '供应商合同问题' },
        ],
      });
    }
  }
  await seedDemoKnowledge(db, tenant.id);
}
