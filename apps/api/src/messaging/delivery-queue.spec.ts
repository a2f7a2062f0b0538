import { randomUUID } from 'node:crypto';
import { testAdapters } from '@qr/platform/testing';
import { DeliveryQueue, MAX_ATTEMPTS } from './delivery-queue';
import type { Recipient } from './messaging-channel';

const recipients = (n: number): Recipient[] =>
  Array.from({ length: n }, (_, i) => ({ address: `r${i}@example.com`, name: `R ${i}`, fields: { first_name: `R${i}` } }));

describe.each(testAdapters())('the delivery queue on $name', (adapter) => {
  it('queues a campaign once, even when two starts race, and keeps each recipient’s ordinal', async () => {
    const { db, close } = await adapter.open({ max: 10 });
    try {
      const queue = new DeliveryQueue(db);
      const campaignId = randomUUID();
      const counts = await Promise.all([1, 2, 3].map(() => queue.enqueueCampaign('org', campaignId, 'email', async () => recipients(500))));
      expect(counts).toEqual([500, 500, 500]);
      // A start interrupted and run again with a changed audience keeps the first list.
      expect(await queue.enqueueCampaign('org', campaignId, 'email', async () => recipients(501))).toBe(500);
      // Held until the start is appended: nothing to claim yet.
      expect(await queue.claim('runner', 10, 30)).toEqual([]);
      await queue.release(campaignId);
      const { rows } = await db.query<{ n: string; ordinals: string }>(
        `SELECT count(*) AS n, count(DISTINCT ordinal) AS ordinals FROM messaging_deliveries WHERE campaign_id = $1`,
        [campaignId],
      );
      expect(rows[0]).toEqual({ n: '500', ordinals: '500' });
    } finally {
      await close();
    }
  });

  it('hands each row to one runner of many claiming at once, and gives a dead runner’s rows to another after its lease', async () => {
    const { db, close } = await adapter.open({ max: 10 });
    try {
      const queue = new DeliveryQueue(db);
      const campaignId = randomUUID();
      await queue.enqueueCampaign('org', campaignId, 'email', async () => recipients(400));
      await queue.release(campaignId);
      const runners = Array.from({ length: 8 }, (_, i) => `runner-${i}`);
      const byRunner = await Promise.all(runners.map((runner) => queue.claim(runner, 60, 1)));
      const claimed = byRunner.flat();
      expect(claimed).toHaveLength(400);
      expect(new Set(claimed.map((delivery) => delivery.delivery_id)).size).toBe(400);
      // runner-0 dies holding its rows; the others settle theirs.
      const dead = byRunner[0]!;
      expect(dead.length).toBeGreaterThan(0);
      await Promise.all(
        byRunner.slice(1).map((rows, i) =>
          queue.settle(
            runners[i + 1]!,
            rows.map((delivery) => ({ delivery_id: delivery.delivery_id, status: 'sent', provider_id: null, outbox: true })),
          ),
        ),
      );
      expect(await queue.claim('runner-late', 1000, 30)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const taken = await queue.claim('runner-late', 1000, 30);
      expect(taken.map((delivery) => delivery.delivery_id).sort()).toEqual(dead.map((delivery) => delivery.delivery_id).sort());
      // The dead runner's late answer is not recorded over the new holder's claim.
      await queue.settle(
        'runner-0',
        dead.map((delivery) => ({ delivery_id: delivery.delivery_id, status: 'sent', provider_id: 'late', outbox: false })),
      );
      const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM messaging_deliveries WHERE campaign_id = $1 AND provider_id = 'late'`, [
        campaignId,
      ]);
      expect(rows[0]!.n).toBe('0');
    } finally {
      await close();
    }
  });

  it('retries a failure worth retrying with a wait, until the last attempt, and settles final outcomes at once', async () => {
    const { db, close } = await adapter.open();
    try {
      const queue = new DeliveryQueue(db);
      const [retried, bounced] = await Promise.all(recipients(2).map((recipient) => queue.enqueueOne('org', 'email', recipient)));
      const claimed = await queue.claim('runner', 10, 30);
      expect(claimed.map((delivery) => delivery.attempts)).toEqual([1, 1]);
      await queue.settle('runner', [
        { delivery_id: retried!, status: 'failed', reason: '421 try later', retry: true },
        { delivery_id: bounced!, status: 'failed', reason: '550 no such mailbox', retry: false },
      ]);
      expect(await queue.one(retried!)).toEqual({ status: 'queued', reason: '421 try later', outbox: false });
      expect(await queue.one(bounced!)).toEqual({ status: 'failed', reason: '550 no such mailbox', outbox: false });
      // Not before its wait: nothing to claim now.
      expect(await queue.claim('runner', 10, 30)).toEqual([]);
      await db.query(`UPDATE messaging_deliveries SET not_before = now(), attempts = $2 WHERE delivery_id = $1`, [retried, MAX_ATTEMPTS - 1]);
      expect((await queue.claim('runner', 10, 30)).map((delivery) => delivery.attempts)).toEqual([MAX_ATTEMPTS]);
      await queue.settle('runner', [{ delivery_id: retried!, status: 'failed', reason: '421 try later', retry: true }]);
      expect((await queue.one(retried!))?.status).toBe('failed');
    } finally {
      await close();
    }
  });
});
