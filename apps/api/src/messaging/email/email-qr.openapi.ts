import { MAX_EMAIL_QR_AMOUNT, SendEmailQrBody, SendResultView } from '@qr/contracts';
import { body, json, type ApiPaths } from '../../http/openapi';

/** The email helper's route in the OpenAPI document, from the contract it validates with. */
export function registerEmailQrPaths({ signedIn, problem }: ApiPaths): void {
  signedIn('messaging', '/api/v1/messaging/email')(
    'post',
    '/qr',
    `Send one email carrying 1–${MAX_EMAIL_QR_AMOUNT} new one-time QR codes of a base code, attached (owner, admin, editor); without an SMTP connection it waits in the outbox`,
    { 200: json('Sent, kept in the outbox, or refused by the server (status failed)', SendResultView), 422: problem },
    { body: body(SendEmailQrBody) },
  );
}
