import { createPrivateKey } from 'node:crypto';
import { walletobjects_v1 } from '@googleapis/walletobjects';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, GOOGLE_NOTIFYING_UPDATES_PER_DAY, GOOGLE_SAVE_LINK_MAX, type PassBarcodeFormat, type PassKind } from '@qr/contracts';
import type { Config, SqlClient } from '@qr/platform';
import { JWT } from 'google-auth-library';
import { SignJWT } from 'jose';
import { CONFIG, SQL_CLIENT } from '../../infrastructure';
import type { PassContent, PassFieldValue } from '../pass-content';
import type { GoogleIssuer } from '../wallet-issuer';

/** The scope of the Google Wallet API (its reference, "Authorization scopes"). */
export const WALLET_OBJECT_ISSUER_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** Where google-auth-library sends a service account's token request; it has no option to change it. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** The design a pass's Google class is made from: its id names the class, its logo is a public URL Google fetches. */
export interface GooglePassClass {
  design_id: string;
  /** A loyalty class cannot do without one (programLogo is required); offers and tickets show none when null. */
  logo_url: string | null;
}

interface WalletIds {
  classId: string;
  objectId: string;
}

/** The method shape every class and object resource of the client shares. */
interface WalletResource<Body> {
  insert(params: { requestBody?: Body }): Promise<unknown>;
  patch(params: { resourceId?: string; requestBody?: Body }): Promise<unknown>;
}

/** One kind's class and object resources with the bodies to send them. */
interface WalletCalls<ClassBody, ObjectBody> {
  classes: WalletResource<ClassBody>;
  objects: WalletResource<ObjectBody>;
  classBody: ClassBody & { id: string };
  objectBody: ObjectBody & { id: string };
}

/** The save link's payload key of each kind (Google's JWT reference). */
const SAVE_KEY: Record<PassKind, 'loyaltyObjects' | 'offerObjects' | 'eventTicketObjects'> = {
  loyalty_card: 'loyaltyObjects',
  promo_code: 'offerObjects',
  event_ticket: 'eventTicketObjects',
};

const BARCODE_TYPE: Record<PassBarcodeFormat, string> = { qr: 'QR_CODE', pdf417: 'PDF_417', aztec: 'AZTEC', code128: 'CODE_128' };

/** The organisation's language is not known here: Google shows the default value whatever the phone's language. */
const localized = (value: string): walletobjects_v1.Schema$LocalizedString => ({ defaultValue: { language: 'en', value } });

const imageOf = (content: PassContent, logoUrl: string | null): walletobjects_v1.Schema$Image | undefined =>
  logoUrl === null ? undefined : { sourceUri: { uri: logoUrl }, contentDescription: localized(content.organization_name) };

/** What every class of the design shares, whichever its kind. */
const classCommon = (content: PassContent, classId: string) => ({
  id: classId,
  issuerName: content.organization_name,
  hexBackgroundColor: content.background_color,
  // A class that left draft cannot go back to it; UNDER_REVIEW is what an insert and every later patch send.
  reviewStatus: 'UNDER_REVIEW',
});

const stateOf = (content: PassContent, now: Date): string =>
  content.voided ? 'INACTIVE' : content.expiration_date !== null && Date.parse(content.expiration_date) <= now.getTime() ? 'EXPIRED' : 'ACTIVE';

const textModule = (field: PassFieldValue): walletobjects_v1.Schema$TextModuleData => ({
  id: field.key,
  header: field.label === '' ? undefined : field.label,
  body: field.value,
});

/** What every object shares, whichever its kind. */
const objectCommon = (content: PassContent, ids: WalletIds, now: Date) => ({
  id: ids.objectId,
  classId: ids.classId,
  state: stateOf(content, now),
  barcode: { type: BARCODE_TYPE[content.barcode.format], value: content.barcode.message, alternateText: content.barcode.alt_text ?? undefined },
  // The front first, then the back: Google shows the first ten text modules of an object (infoModuleData, the
  // other place for rows, is deprecated in its reference).
  textModulesData: [...content.header_fields, ...content.primary_fields, ...content.secondary_fields, ...content.auxiliary_fields, ...content.back_fields].map(
    textModule,
  ),
  locations: [
    ...(content.event === null ? [] : [{ latitude: content.event.latitude, longitude: content.event.longitude }]),
    ...content.locations.map(({ latitude, longitude }) => ({ latitude, longitude })),
  ],
  validTimeInterval: content.expiration_date === null ? undefined : { end: { date: content.expiration_date } },
});

/** What a notifying update shows on the back and on the lock screen: the pass's main value, as its front shows it. */
const notificationOf = (content: PassContent): walletobjects_v1.Schema$Message => {
  const main = content.primary_fields[0] ?? content.header_fields[0];
  return {
    id: `update-${content.update_tag}`,
    header: content.title,
    body: main === undefined ? content.description : [main.label, main.value].filter((text) => text !== '').join(': '),
    messageType: 'TEXT_AND_NOTIFY',
  };
};

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;

/** Google's refusal (or silence) as the domain's error, with Google's own reason for the logs and the screens. */
async function atGoogle<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = statusOf(error);
    throw new DomainError('pass_provider_failed', `Google Wallet could not ${what}: ${error instanceof Error ? error.message : String(error)}`, {
      provider: 'google',
      ...(status === undefined ? {} : { status }),
    });
  }
}

/** An insert that finds the id taken (409) patches instead: the class of a design is shared, and a lost row must not block a pass. */
async function insertOrPatch<Body>(resource: WalletResource<Body>, body: Body & { id: string }): Promise<void> {
  try {
    await resource.insert({ requestBody: body });
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
    await resource.patch({ resourceId: body.id, requestBody: body });
  }
}

/**
 * A pass in Google Wallet (docs/decisions/032): a class per design (`<issuer_id>.<design_id>`) and an
 * object per pass (`<issuer_id>.<pass_id>`), inserted before the save link is given so that the link
 * is a "skinny" JWT naming only the object: short enough for every browser, and a later change of the
 * pass reaches phones by patching the object. wallet_google_objects records what Google holds and the
 * notifying updates of the last day, which Google limits to GOOGLE_NOTIFYING_UPDATES_PER_DAY.
 */
@Injectable()
export class GoogleWallet {
  /** One authorised client per service account: it keeps its access token until it runs out. */
  private readonly clients = new Map<string, walletobjects_v1.Walletobjects>();

  constructor(
    @Inject(SQL_CLIENT) private readonly db: SqlClient,
    @Inject(CONFIG) private readonly config: Pick<Config, 'GOOGLE_WALLET_API_BASE'>,
  ) {}

  /** The "Save to Google Wallet" link of a pass, once its class and object are at Google. */
  async saveLink(content: PassContent, issuer: GoogleIssuer, design: GooglePassClass): Promise<string> {
    const objectId = await this.put(content, issuer, design, false);
    const jwt = await new SignJWT({ typ: 'savetowallet', origins: [], payload: { [SAVE_KEY[content.kind]]: [{ id: objectId }] } })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(issuer.service_account.client_email)
      .setAudience('google')
      .setIssuedAt()
      .sign(createPrivateKey(issuer.service_account.private_key));
    const link = `${SAVE_URL}${jwt}`;
    // A skinny JWT holds one id: a link this long means the payload carries more than it should.
    if (link.length >= GOOGLE_SAVE_LINK_MAX) throw new Error(`The Google Wallet save link is ${link.length} characters, over ${GOOGLE_SAVE_LINK_MAX}.`);
    return link;
  }

  /**
   * Brings Google's copy of a pass up to date (a balance, a void). With `notify`, phones show a
   * notification while the pass has had fewer than GOOGLE_NOTIFYING_UPDATES_PER_DAY in the last 24 h;
   * past that the change is applied silently rather than refused by Google.
   */
  async update(content: PassContent, issuer: GoogleIssuer, design: GooglePassClass, notify: boolean): Promise<void> {
    await this.put(content, issuer, design, notify);
  }

  /** Puts the pass's class and object at Google: inserted the first time, patched after; answers the object's id. */
  private async put(content: PassContent, issuer: GoogleIssuer, design: GooglePassClass, notify: boolean): Promise<string> {
    const ids: WalletIds = { classId: `${issuer.issuer_id}.${design.design_id}`, objectId: `${issuer.issuer_id}.${content.pass_id}` };
    const client = this.client(issuer);
    const logo = imageOf(content, design.logo_url);
    const common = objectCommon(content, ids, new Date());
    switch (content.kind) {
      case 'loyalty_card':
        if (logo === undefined)
          throw new DomainError('pass_image_invalid', 'A Google Wallet loyalty card shows the programme’s logo: upload a logo (or an icon) to the design.');
        await this.sync(content, ids, notify, {
          classes: client.loyaltyclass,
          objects: client.loyaltyobject,
          classBody: { ...classCommon(content, ids.classId), programName: content.title, programLogo: logo },
          objectBody: {
            ...common,
            accountId: content.pass_id,
            accountName: content.holder_name ?? undefined,
            loyaltyPoints: content.loyalty === null ? undefined : { label: content.loyalty.unit, balance: { int: content.loyalty.balance } },
          },
        });
        break;
      case 'promo_code':
        await this.sync(content, ids, notify, {
          classes: client.offerclass,
          objects: client.offerobject,
          classBody: {
            ...classCommon(content, ids.classId),
            title: content.title,
            provider: content.organization_name,
            // The code works at the till (its barcode) and typed in online.
            redemptionChannel: 'BOTH',
            titleImage: logo,
          },
          objectBody: common,
        });
        break;
      case 'event_ticket':
        await this.sync(content, ids, notify, {
          classes: client.eventticketclass,
          objects: client.eventticketobject,
          classBody: {
            ...classCommon(content, ids.classId),
            eventName: localized(content.title),
            logo,
            dateTime: content.event === null ? undefined : { start: content.event.starts_at, end: content.event.ends_at },
          },
          objectBody: { ...common, ticketHolderName: content.holder_name ?? undefined },
        });
        break;
    }
    return ids.objectId;
  }

  /** Inserts the class and object the first time (or after a change of issuer), patches them after. */
  private async sync<
    ClassBody,
    ObjectBody extends walletobjects_v1.Schema$LoyaltyObject | walletobjects_v1.Schema$OfferObject | walletobjects_v1.Schema$EventTicketObject,
  >(content: PassContent, ids: WalletIds, notify: boolean, { classes, objects, classBody, objectBody }: WalletCalls<ClassBody, ObjectBody>): Promise<void> {
    if (!(await this.holds(content.pass_id, ids.objectId))) {
      await atGoogle('add the design', () => insertOrPatch(classes, classBody));
      await atGoogle('add the pass', () => insertOrPatch(objects, objectBody));
      await this.db.query(
        `INSERT INTO wallet_google_objects (pass_id, org_id, class_id, object_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (pass_id) DO UPDATE SET class_id = EXCLUDED.class_id, object_id = EXCLUDED.object_id, notified_at = '{}', updated_at = now()`,
        [content.pass_id, content.org_id, ids.classId, ids.objectId],
      );
      return;
    }
    // The design may have changed (colours, logo, title): the class follows it on each update.
    await atGoogle('update the design', () => classes.patch({ resourceId: ids.classId, requestBody: classBody }));
    const notifying = notify && (await this.takeNotification(content.pass_id));
    // Google notifies of a changed field it lists (a balance) when notifyPreference asks, for this patch only, and of
    // a TEXT_AND_NOTIFY message (what changed, for a void too); a silent patch leaves both out.
    const body: ObjectBody = notifying ? { ...objectBody, notifyPreference: 'NOTIFY_ON_UPDATE', messages: [notificationOf(content)] } : objectBody;
    await atGoogle('update the pass', () => objects.patch({ resourceId: ids.objectId, requestBody: body }));
    if (!notifying) await this.db.query('UPDATE wallet_google_objects SET updated_at = now() WHERE pass_id = $1', [content.pass_id]);
  }

  /** Whether Google holds this object: a row of another issuer (the organisation connected a new one) does not count. */
  private async holds(passId: string, objectId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ object_id: string }>('SELECT object_id FROM wallet_google_objects WHERE pass_id = $1', [passId]);
    return rows[0]?.object_id === objectId;
  }

  /**
   * Takes one of the day's notifying updates, if one is left, in one statement so that two updates
   * at once cannot both take the last. Taken before the patch: a patch that then fails costs a
   * notification rather than risking a fourth one that Google would refuse.
   */
  private async takeNotification(passId: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE wallet_google_objects
          SET notified_at = ARRAY(SELECT at FROM unnest(notified_at) AS at WHERE at > now() - interval '24 hours') || now(), updated_at = now()
        WHERE pass_id = $1 AND (SELECT count(*) FROM unnest(notified_at) AS at WHERE at > now() - interval '24 hours') < $2
        RETURNING pass_id`,
      [passId, GOOGLE_NOTIFYING_UPDATES_PER_DAY],
    );
    return rows.length > 0;
  }

  private client(issuer: GoogleIssuer): walletobjects_v1.Walletobjects {
    const { client_email, private_key } = issuer.service_account;
    const key = `${client_email}\n${private_key}`;
    const kept = this.clients.get(key);
    if (kept) return kept;
    const auth = new JWT({ email: client_email, key: private_key, scopes: [WALLET_OBJECT_ISSUER_SCOPE] });
    const base = this.config.GOOGLE_WALLET_API_BASE?.replace(/\/+$/, '');
    if (base !== undefined) {
      // The token URL is fixed inside google-auth-library: its requests go through the client's transporter, so they are redirected there.
      auth.transporter.interceptors.request.add({
        resolved: async (options) => {
          if (options.url.href === GOOGLE_TOKEN_URL) options.url = new URL(`${base}/token`);
          return options;
        },
      });
    }
    const client = new walletobjects_v1.Walletobjects({ auth, ...(base === undefined ? {} : { rootUrl: `${base}/` }) });
    this.clients.set(key, client);
    return client;
  }
}
