/**
 * Demo data of the operations pages for a tenant (development and test only, after seedFunds): two message
 * templates, a message to the first team leader's team (some recipients read), a scheduled notice to all clients,
 * the tenant's customer-service default and the first team's own hours. Does nothing when the tenant already has a
 * template or has no clients.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_HOURS } from '../../domain/service';
import { withRetry } from '../core/retry';
import { composeMessage } from '../modules/message/messages';
import { saveDefault, saveTeam } from '../modules/service/service';
import type { Db } from './client';
import { client, messageTemplate, staffUser } from './schema';

export async function seedOperations(db: Db, tenantId: string): Promise<void> {
  const [done] = await db
    .select({ id: messageTemplate.id })
    .from(messageTemplate)
    .where(eq(messageTemplate.tenantId, tenantId))
    .limit(1);
  const [anyClient] = await db.select({ id: client.id }).from(client).where(eq(client.tenantId, tenantId)).limit(1);
  if (done || !anyClient) return;
  const staff = await db
    .select({ id: staffUser.id, username: staffUser.username, role: staffUser.role })
    .from(staffUser)
    .where(and(eq(staffUser.tenantId, tenantId), inArray(staffUser.username, ['admin', 'leader'])))
    .orderBy(asc(staffUser.id));
  const admin = staff.find((s) => s.username === 'admin');
  const leader = staff.find((s) => s.username === 'leader');
  if (!admin || !leader) return;
  const as = { id: admin.id, tenantId, role: 'god' };
  await withRetry(db, async (tx) => {
    // the demo's texts are clean rich text with known variables (the API's rules: domain/message.ts templateProblems)
    const [welcome] = await tx
      .insert(messageTemplate)
      .values(
        [
          {
            name: '欢迎新客户',
            title: '欢迎您，{{client_name}}',
            titleEn: 'Welcome, {{client_name}}',
            body: '<p>尊敬的 {{client_name}}（{{username}}），欢迎加入！您的专属业务员是 {{agent_name}}。</p>',
            bodyEn: '<p>Dear {{client_name}} ({{username}}), welcome aboard! Your agent is {{agent_name}}.</p>',
          },
          {
            name: '系统维护通知',
            title: '系统维护通知',
            titleEn: 'Scheduled maintenance',
            body: '<p>平台将于本周六 02:00-04:00 进行系统维护，期间暂停交易。</p>',
            bodyEn: '<p>The platform will be under maintenance on Saturday 02:00-04:00; trading pauses meanwhile.</p>',
          },
        ].map((t) => ({ ...t, tenantId, updatedBy: admin.id })),
      )
      .returning({ id: messageTemplate.id });
    const team = await composeMessage(
      tx,
      { ...as, id: leader.id, role: 'superman' },
      {
        audience: 'team',
        template_id: welcome.id,
      },
      'Asia/Shanghai',
    );
    // a third of the team has read it
    await tx.execute(
      sql`UPDATE message_recipient SET read_at = now() - (client_id % 48) * interval '1 hour'
          WHERE message_id = ${team.id} AND client_id % 3 = 0`,
    );
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await composeMessage(
      tx,
      as,
      {
        audience: 'all',
        title: '系统维护通知',
        title_en: 'Scheduled maintenance',
        body: '<p>平台将于本周六 02:00-04:00 进行系统维护，期间暂停交易。</p>',
        send_at: `${later} 09:00`,
      },
      'Asia/Shanghai',
    );
    await saveDefault(tx, as, {
      channels: [
        { kind: 'chat', value: 'https://support.example.com/chat', label: '在线客服' },
        { kind: 'phone', value: '+86 400-800-1234', label: '客服热线' },
        { kind: 'email', value: 'support@example.com', label: null },
        { kind: 'telegram', value: '@broker_support', label: null },
      ],
      hours: DEFAULT_HOURS,
    });
    await saveTeam(tx, as, leader.id, {
      channels: [
        { kind: 'whatsapp', value: '+852 9123 4567', label: '团队 WhatsApp' },
        { kind: 'wechat', value: 'leader_team01', label: null },
      ],
      hours: DEFAULT_HOURS.map((h) => (h.day === 'sat' ? { ...h, closed: false, open: '10:00', close: '16:00' } : h)),
    });
  });
}
