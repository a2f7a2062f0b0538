import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { GOOGLE_TOKEN_URL, WALLET_OBJECT_ISSUER_SCOPE } from './google-wallet';

/** One request as the stand-in received it, after its access token was checked. */
export interface RecordedWalletRequest {
  method: string;
  /** `loyaltyClass`, `offerObject`, …: the REST resource's name as in the path. */
  resource: string;
  resource_id: string | null;
  body: Record<string, unknown> | null;
  /** The service account whose token the request carried. */
  client_email: string;
}

type Json = Record<string, unknown>;
type Check = (body: Json) => string | null;

const CLASS_OF: Record<string, string> = { loyaltyObject: 'loyaltyClass', offerObject: 'offerClass', eventTicketObject: 'eventTicketClass' };
const keys = (names: string) => new Set(names.split(' '));
/** The top-level fields of each resource in Google's REST reference (walletobjects v1): Google refuses an unknown name. */
const FIELDS: Record<string, Set<string>> = {
  loyaltyClass: keys(
    'accountIdLabel accountNameLabel allowMultipleUsersPerObject appLinkData callbackOptions classTemplateInfo countryCode discoverableProgram enableSmartTap heroImage hexBackgroundColor homepageUri id imageModulesData infoModuleData issuerName kind linksModuleData localizedAccountIdLabel localizedAccountNameLabel localizedIssuerName localizedProgramName localizedRewardsTier localizedRewardsTierLabel localizedSecondaryRewardsTier localizedSecondaryRewardsTierLabel locations merchantLocations messages multipleDevicesAndHoldersAllowedStatus notifyPreference programLogo programName redemptionIssuers review reviewStatus rewardsTier rewardsTierLabel secondaryRewardsTier secondaryRewardsTierLabel securityAnimation textModulesData valueAddedModuleData version viewUnlockRequirement wideProgramLogo wordMark',
  ),
  offerClass: keys(
    'allowMultipleUsersPerObject appLinkData callbackOptions classTemplateInfo countryCode details enableSmartTap finePrint helpUri heroImage hexBackgroundColor homepageUri id imageModulesData infoModuleData issuerName kind linksModuleData localizedDetails localizedFinePrint localizedIssuerName localizedProvider localizedShortTitle localizedTitle locations merchantLocations messages multipleDevicesAndHoldersAllowedStatus notifyPreference provider redemptionChannel redemptionIssuers review reviewStatus securityAnimation shortTitle textModulesData title titleImage valueAddedModuleData version viewUnlockRequirement wideTitleImage wordMark',
  ),
  eventTicketClass: keys(
    'allowMultipleUsersPerObject appLinkData callbackOptions classTemplateInfo confirmationCodeLabel countryCode customConfirmationCodeLabel customGateLabel customRowLabel customSeatLabel customSectionLabel dateTime enableSmartTap eventId eventName finePrint gateLabel heroImage hexBackgroundColor homepageUri id imageModulesData infoModuleData issuerName kind linksModuleData localizedIssuerName locations logo merchantLocations messages multipleDevicesAndHoldersAllowedStatus notifyPreference redemptionIssuers review reviewStatus rowLabel seatLabel sectionLabel securityAnimation textModulesData valueAddedModuleData venue version viewUnlockRequirement wideLogo wordMark',
  ),
  loyaltyObject: keys(
    'accountId accountName appLinkData barcode classId classReference disableExpirationNotification groupingInfo hasLinkedDevice hasUsers heroImage id imageModulesData infoModuleData kind linkedObjectIds linkedOfferIds linksModuleData locations loyaltyPoints merchantLocations messages notifyPreference passConstraints rotatingBarcode saveRestrictions secondaryLoyaltyPoints smartTapRedemptionValue state textModulesData validTimeInterval valueAddedModuleData version',
  ),
  offerObject: keys(
    'appLinkData barcode classId classReference disableExpirationNotification groupingInfo hasLinkedDevice hasUsers heroImage id imageModulesData infoModuleData kind linkedObjectIds linksModuleData locations merchantLocations messages notifyPreference passConstraints rotatingBarcode saveRestrictions smartTapRedemptionValue state textModulesData validTimeInterval valueAddedModuleData version',
  ),
  eventTicketObject: keys(
    'appLinkData barcode classId classReference disableExpirationNotification faceValue groupingInfo hasLinkedDevice hasUsers heroImage hexBackgroundColor id imageModulesData infoModuleData kind linkedObjectIds linkedOfferIds linksModuleData locations merchantLocations messages notifyPreference passConstraints reservationInfo rotatingBarcode saveRestrictions seatInfo smartTapRedemptionValue state textModulesData ticketHolderName ticketNumber ticketType validTimeInterval valueAddedModuleData version',
  ),
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const oneOf = (value: unknown, allowed: readonly string[]) => typeof value === 'string' && allowed.includes(value);
const required = (body: Json, field: string): string | null => (text(body[field]) ? null : `${field} is required`);
const localizedRequired = (body: Json, field: string): string | null => {
  const value = body[field];
  return isObject(value) && isObject(value.defaultValue) && text(value.defaultValue.value) ? null : `${field}.defaultValue.value is required`;
};
/** An Image: a sourceUri with a URI that has a scheme (the reference: "URIs must have a scheme"). */
const image = (value: unknown, field: string): string | null =>
  value === undefined || (isObject(value) && isObject(value.sourceUri) && text(value.sourceUri.uri) && URL.canParse(value.sourceUri.uri))
    ? null
    : `${field}.sourceUri.uri must be an absolute URI`;
const isoDate = (value: unknown): boolean => typeof value === 'string' && !Number.isNaN(Date.parse(value));

// Enum values of the reference (REST v1): ReviewStatus, RedemptionChannel, State, BarcodeType, MessageType, NotificationSettingsForUpdates.
const REVIEW_STATUSES = ['UNDER_REVIEW', 'underReview', 'DRAFT', 'draft', 'APPROVED', 'approved'];
const REDEMPTION_CHANNELS = ['INSTORE', 'ONLINE', 'BOTH', 'TEMPORARY_PRICE_REDUCTION'];
const STATES = ['ACTIVE', 'active', 'COMPLETED', 'completed', 'EXPIRED', 'expired', 'INACTIVE', 'inactive'];
const BARCODE_TYPES = ['AZTEC', 'CODE_39', 'CODE_128', 'CODABAR', 'DATA_MATRIX', 'EAN_8', 'EAN_13', 'ITF_14', 'PDF_417', 'QR_CODE', 'UPC_A', 'TEXT_ONLY'];
const MESSAGE_TYPES = ['TEXT', 'TEXT_AND_NOTIFY', 'EXPIRATION_NOTIFICATION'];
const NOTIFY_PREFERENCES = ['NOTIFICATION_SETTINGS_FOR_UPDATES_UNSPECIFIED', 'NOTIFY_ON_UPDATE'];

/** What classes and objects of every kind share. */
const common: Check = (body) => {
  if (body.hexBackgroundColor !== undefined && !/^#[0-9a-fA-F]{6}$/.test(String(body.hexBackgroundColor))) return 'hexBackgroundColor must be #rrggbb';
  if (body.notifyPreference !== undefined && !oneOf(body.notifyPreference, NOTIFY_PREFERENCES))
    return 'notifyPreference is not a NotificationSettingsForUpdates';
  const modules = body.textModulesData;
  if (modules !== undefined) {
    if (!Array.isArray(modules) || !modules.every((module) => isObject(module) && (text(module.header) || text(module.body))))
      return 'textModulesData needs a header or body in each';
    if (!modules.every((module: Json) => module.id === undefined || /^[A-Za-z0-9_-]+$/.test(String(module.id))))
      return 'textModulesData.id is alphanumeric, _ or -';
  }
  const locations = body.locations;
  if (
    locations !== undefined &&
    (!Array.isArray(locations) ||
      !locations.every((point) => isObject(point) && Math.abs(Number(point.latitude)) <= 90 && Math.abs(Number(point.longitude)) <= 180))
  )
    return 'locations must be LatLongPoints within range';
  const messages = body.messages;
  if (messages !== undefined) {
    if (!Array.isArray(messages) || messages.length > 10) return 'messages has at most 10 entries';
    if (
      !messages.every(
        (message) =>
          isObject(message) && (text(message.header) || text(message.body)) && (message.messageType === undefined || oneOf(message.messageType, MESSAGE_TYPES)),
      )
    )
      return 'messages need a header or body and a known messageType';
  }
  return null;
};

/** The first problem any of the checks finds, as Google names one field at a time. */
const allOf =
  (...checks: Check[]): Check =>
  (body) => {
    for (const check of checks) {
      const problem = check(body);
      if (problem !== null) return problem;
    }
    return null;
  };

const classChecks = (...checks: Check[]): Check =>
  allOf(
    common,
    (b) => required(b, 'issuerName'),
    (b) => (oneOf(b.reviewStatus, REVIEW_STATUSES) ? null : 'reviewStatus is required'),
    ...checks,
  );

const objectChecks = (...checks: Check[]): Check =>
  allOf(
    common,
    (b) => required(b, 'classId'),
    (b) => (oneOf(b.state, STATES) ? null : 'state is required and must be a State'),
    (b) =>
      isObject(b.barcode) &&
      oneOf(b.barcode.type, BARCODE_TYPES) &&
      text(b.barcode.value) &&
      (b.barcode.alternateText === undefined || typeof b.barcode.alternateText === 'string')
        ? null
        : 'barcode needs a type and a value',
    (b) =>
      b.validTimeInterval === undefined || (isObject(b.validTimeInterval) && isObject(b.validTimeInterval.end) && isoDate(b.validTimeInterval.end.date))
        ? null
        : 'validTimeInterval.end.date must be ISO 8601',
    ...checks,
  );

/** The fields Google's reference marks Required, and the shapes of the others the passes context sends. */
const VALIDATE: Record<string, Check> = {
  loyaltyClass: classChecks(
    (b) => required(b, 'programName'),
    (b) => (b.programLogo === undefined ? 'programLogo is required' : image(b.programLogo, 'programLogo')),
  ),
  offerClass: classChecks(
    (b) => required(b, 'title'),
    (b) => required(b, 'provider'),
    (b) => (oneOf(b.redemptionChannel, REDEMPTION_CHANNELS) ? null : 'redemptionChannel is required'),
    (b) => image(b.titleImage, 'titleImage'),
  ),
  eventTicketClass: classChecks(
    (b) => localizedRequired(b, 'eventName'),
    (b) => image(b.logo, 'logo'),
    (b) =>
      b.dateTime === undefined || (isObject(b.dateTime) && isoDate(b.dateTime.start) && isoDate(b.dateTime.end))
        ? null
        : 'dateTime.start and end must be ISO 8601',
  ),
  loyaltyObject: objectChecks((b) => {
    if (b.loyaltyPoints === undefined) return null;
    const balance = isObject(b.loyaltyPoints) ? b.loyaltyPoints.balance : undefined;
    // "Only one of these subtypes (string, int, double, money) should be populated."
    return isObject(balance) && ['string', 'int', 'double', 'money'].filter((subtype) => balance[subtype] !== undefined).length === 1
      ? null
      : 'loyaltyPoints.balance needs exactly one of string, int, double, money';
  }),
  offerObject: objectChecks(),
  eventTicketObject: objectChecks(),
};

/**
 * A local stand-in of exactly the Google Wallet endpoints the passes context calls: the OAuth token
 * endpoint (a JWT-bearer assertion signed by the service account's key, RFC 7523) and insert, get and
 * patch of the loyalty, offer and event ticket classes and objects under /walletobjects/v1, refusing
 * as Google does: 409 on an insert of a taken id, 404 on an unknown one, 400 naming a missing or
 * malformed field, an object whose class is not there. Started by a test, which points
 * GOOGLE_WALLET_API_BASE at it.
 */
export class GoogleWalletStandIn {
  readonly requests: RecordedWalletRequest[] = [];
  /** What Google holds, by resource name and id. */
  readonly stored = new Map<string, Json>();
  /** The service account of each access token granted, in order: a client that keeps its token asks once. */
  readonly grants: string[] = [];
  private readonly tokens = new Map<string, string>();
  private readonly accounts = new Map<string, { key: KeyObject; issuerId: string }>();
  private server: Server | undefined;

  /** A service account added to an issuer in the Pay & Wallet console: its email, public key, and the issuer's id. */
  addAccount(clientEmail: string, publicKeyPem: string, issuerId: string): void {
    this.accounts.set(clientEmail, { key: createPublicKey(publicKeyPem), issuerId });
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => (this.server ? this.server.close((error) => (error ? reject(error) : resolve())) : resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: object): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    // Google's error shape: {error: {code, message, errors: [{domain, reason, message}], status}}.
    const refuse = (status: number, reason: string, message: string) =>
      send(status, { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } });

    if (request.method === 'POST' && url.pathname === '/token') return this.token(new URLSearchParams(raw), send);
    const clientEmail = this.tokens.get(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
    if (clientEmail === undefined) return refuse(401, 'authError', 'Request had invalid authentication credentials.');
    const match = url.pathname.match(
      /^\/walletobjects\/v1\/(loyaltyClass|offerClass|eventTicketClass|loyaltyObject|offerObject|eventTicketObject)(?:\/([^/]+))?$/,
    );
    if (!match) return refuse(404, 'notFound', `${url.pathname} is not an endpoint of the stand-in.`);
    const resource = match[1]!;
    const resourceId = match[2] === undefined ? null : decodeURIComponent(match[2]);
    let body: Json | null = null;
    if (raw !== '') {
      const parsed: unknown = JSON.parse(raw);
      if (!isObject(parsed)) return refuse(400, 'invalid', 'The request body is not a JSON object.');
      body = parsed;
    }
    this.requests.push({ method: request.method ?? '', resource, resource_id: resourceId, body, client_email: clientEmail });
    const issuerId = this.accounts.get(clientEmail)!.issuerId;

    if (request.method === 'GET' && resourceId !== null) {
      const held = this.stored.get(`${resource}/${resourceId}`);
      return held ? send(200, held) : refuse(404, 'resourceNotFound', `No ${resource} with id ${resourceId}.`);
    }
    if (body === null) return refuse(400, 'invalid', 'A body is required.');
    const unknown = Object.keys(body).find((field) => !FIELDS[resource]!.has(field));
    if (unknown !== undefined) return refuse(400, 'invalid', `Invalid JSON payload received. Unknown name "${unknown}" at '${resource}'.`);
    const id = resourceId ?? body.id;
    if (!text(id) || !id.startsWith(`${issuerId}.`)) return refuse(400, 'invalidResource', `id must be ${issuerId}.<identifier> of the caller's issuer.`);
    const key = `${resource}/${id}`;
    const held = this.stored.get(key);
    let next: Json;
    if (request.method === 'POST' && resourceId === null) {
      if (held) return refuse(409, 'duplicate', `Resource ${id} already exists.`);
      next = body;
    } else if (request.method === 'PATCH' && resourceId !== null) {
      if (!held) return refuse(404, 'resourceNotFound', `No ${resource} with id ${id}.`);
      // A patch sets the fields it names and keeps the others; notifyPreference applies to this request only.
      const { notifyPreference: _once, ...kept } = held;
      next = { ...kept, ...body, id };
    } else {
      return refuse(405, 'methodNotAllowed', `${request.method} is not served on ${url.pathname}.`);
    }
    const problem = VALIDATE[resource]!(next);
    if (problem !== null) return refuse(400, 'invalid', problem);
    const classResource = CLASS_OF[resource];
    if (classResource !== undefined && !this.stored.has(`${classResource}/${String(next.classId)}`))
      return refuse(404, 'classNotFound', `The class ${String(next.classId)} of this object does not exist.`);
    this.stored.set(key, next);
    return send(200, next);
  }

  /** RFC 7523 §2.1 as Google's token endpoint takes it: the assertion's iss, aud, scope and signature. */
  private async token(form: URLSearchParams, send: (status: number, body: object) => void): Promise<void> {
    const refuse = (description: string) => send(400, { error: 'invalid_grant', error_description: description });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('grant_type must be jwt-bearer');
    const assertion = form.get('assertion') ?? '';
    const claimed = (() => {
      try {
        return JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8')) as Json;
      } catch {
        return {};
      }
    })();
    const account = this.accounts.get(String(claimed.iss));
    if (account === undefined) return refuse('Invalid issuer: the service account is not known.');
    try {
      const { payload } = await jwtVerify(assertion, account.key, { algorithms: ['RS256'], issuer: String(claimed.iss), audience: GOOGLE_TOKEN_URL });
      if (typeof payload.scope !== 'string' || !payload.scope.split(' ').includes(WALLET_OBJECT_ISSUER_SCOPE))
        return refuse('The assertion does not ask for the Wallet scope.');
    } catch (error) {
      return refuse(`Invalid JWT Signature: ${error instanceof Error ? error.message : String(error)}`);
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.tokens.set(accessToken, String(claimed.iss));
    this.grants.push(String(claimed.iss));
    send(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  }
}
