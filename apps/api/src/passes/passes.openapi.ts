import {
  AppleIssuerBody,
  CreatePassBody,
  CreatePassDesignBody,
  GoogleIssuerBody,
  IssuersView,
  OrgQuery,
  PassDesignPath,
  PassDesignsQuery,
  PassDesignView,
  PassesPage,
  PassesQuery,
  PassOfferQuery,
  PassOfferView,
  PassPath,
  PassPushView,
  PassUpdatePath,
  PassView,
  PKPASS_MEDIA_TYPE,
  PkpassPath,
  UpdatePassBody,
  UpdatePassDesignBody,
  WalletProviderPath,
  WalletUrlBody,
  WalletUrlView,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../http/openapi';

/** The passes context's designs and issuers, the pass service (spec §7's second base) and the Google link. */
export function registerPassesPaths({ signedIn, open }: ApiPaths): void {
  const designs = signedIn('passes', '/api/v1/passes/designs');
  designs(
    'get',
    '',
    'The organisation’s pass designs, of one kind or source when named',
    { 200: json('Listed', z.array(PassDesignView)) },
    { query: PassDesignsQuery },
  );
  designs(
    'post',
    '',
    'Design the pass of a loyalty programme’s cards, a promo campaign’s codes or an event page’s tickets (owner, admin, editor)',
    { 201: json('Designed', PassDesignView) },
    { body: body(CreatePassDesignBody) },
  );
  designs('get', '/{design_id}', 'A pass design', { 200: json('Found', PassDesignView) }, { params: PassDesignPath });
  designs(
    'put',
    '/{design_id}',
    'Replace a design’s terms; every pass of it is pushed again',
    { 200: json('Changed', PassDesignView) },
    { params: PassDesignPath, body: body(UpdatePassDesignBody) },
  );
  designs('delete', '/{design_id}', 'Delete a design: its passes show as voided', { 204: { description: 'Deleted' } }, { params: PassDesignPath });

  const issuers = signedIn('passes', '/api/v1/passes/issuers');
  issuers('get', '', 'The Apple and Google issuers with their health', { 200: json('Found', IssuersView) }, { query: OrgQuery });
  issuers(
    'put',
    '/apple',
    'Connect Apple Wallet: the pass type certificate, its key and Apple’s WWDR certificate, checked first (owner, admin)',
    { 200: json('Connected', IssuersView) },
    { body: body(AppleIssuerBody) },
  );
  issuers(
    'put',
    '/google',
    'Connect Google Wallet: the issuer id and a service account key, checked first (owner, admin)',
    { 200: json('Connected', IssuersView) },
    { body: body(GoogleIssuerBody) },
  );
  issuers(
    'delete',
    '/{provider}',
    'Disconnect a wallet (owner, admin)',
    { 200: json('Disconnected', IssuersView) },
    { params: WalletProviderPath, query: OrgQuery },
  );

  const staff = signedIn('passes', '/pass-service/passes');
  staff('get', '', 'List all: the organisation’s passes, of one design when named', { 200: json('Listed', PassesPage) }, { query: PassesQuery });
  staff(
    'put',
    '/{passTypeId}/{serialNumber}',
    'Pass update: void a pass or bring it back (owner, admin, editor)',
    { 200: json('Changed', PassView) },
    { params: PassUpdatePath, body: body(UpdatePassBody) },
  );
  staff(
    'post',
    '/{passTypeId}/{serialNumber}/push',
    'Push: send the pass’s current version to the Apple devices and the Google object that hold it',
    { 200: json('Pushed', PassPushView) },
    { params: PassUpdatePath },
  );

  const service = open('passes', '/pass-service', [400, 401, 404, 409]);
  service(
    'post',
    '/passes',
    'Create pass: a design’s pass for a holder, once however often asked; a visitor needs no sign-in except for a promo code',
    { 201: json('Issued', PassView) },
    { body: body(CreatePassBody) },
  );
  service('get', '/passes/{pass_id}', 'Get pass by id', { 200: json('Found', PassView) }, { params: PassPath });
  service(
    'get',
    '/pkpass/{passTypeIdentifier}/{serialNumber}',
    'The signed .pkpass, made now from the design and its source',
    { 200: { description: 'The pass', content: { [PKPASS_MEDIA_TYPE]: { schema: z.string().meta({ format: 'binary' }) } } } },
    { params: PkpassPath },
  );

  open('passes', '/api/v1/public/passes', [400])(
    'get',
    '/offer',
    'Whether a programme, campaign or event page offers a pass, and in which wallets',
    { 200: json('Found', PassOfferView) },
    { query: PassOfferQuery },
  );
  open('passes', '/api/v1/integrations', [400, 404, 409, 502])(
    'post',
    '/wallet-url',
    'Get wallet URL: the "Save to Google Wallet" link of a pass (a skinny JWT after its class and object are inserted)',
    { 200: json('Made', WalletUrlView) },
    { body: body(WalletUrlBody) },
  );
}
