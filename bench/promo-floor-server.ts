/**
 * The promo bench's floor: a validation's work with nothing of the product around it. `node:http`
 * takes `POST /api/v1/public/promos/validate`, reads and parses the same JSON body, and answers 200
 * with an answer of a redemption's size only once one event of a PromoRedeemed's size is durable on
 * one campaign's stream, appended through the API's own event store and group-committing appender
 * (see floor-server.ts). No contract, no guard, no nonce, no serialiser or decision, no projections:
 * what the API's validations spend beyond this row is the product's. Started by the promo bench with
 * CAMPAIGN_ID, PORT, HOST, and DATABASE_URL or DATA_DIR as the API takes them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promoCampaignStreamId, type PromoRedeemed } from '@qr/domain';
import { FLOOR_ORG_ID, serveFloor } from './floor-server';

const campaignId = process.env.CAMPAIGN_ID!;
const streamId = promoCampaignStreamId(campaignId);

interface Body {
  promo_code: string;
  qr_id: string;
  nonce: string;
  visitor_id: string;
}

serveFloor((request, response, { appender }) => {
  if (request.method !== 'POST') {
    response.writeHead(405).end();
    return;
  }
  void bodyOf(request)
    .then((text) => {
      const body = JSON.parse(text) as Body;
      const at = new Date();
      const data: PromoRedeemed['data'] = {
        campaign_id: campaignId,
        code_id: body.qr_id,
        org_id: FLOOR_ORG_ID,
        promo_code: body.promo_code,
        // As long as the API's keyed hash of the visitor id.
        visitor_key: body.visitor_id.slice(0, 22),
        nonce: body.nonce,
        nonce_issued_at: at.toISOString(),
        latitude: null,
        longitude: null,
        accuracy_m: null,
        distance_m: null,
        at: at.toISOString(),
        redemption_id: randomUUID(),
        master_key: null,
      };
      return appender
        .append({ streamId, expectedVersion: 'any', events: [{ type: 'PromoRedeemed', data, occurredAt: at, metadata: { org_id: FLOOR_ORG_ID } }] })
        .then(() => {
          const answer = {
            valid: true,
            message: 'Redeemed. Show this screen at the counter.',
            offer: { kind: 'text', text: 'A coffee' },
            campaign_name: 'Bench deal',
            redemption_id: data.redemption_id,
          };
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer));
        });
    })
    .catch(() => response.writeHead(503).end());
});

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
