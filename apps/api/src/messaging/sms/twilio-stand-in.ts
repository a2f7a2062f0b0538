import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the stand-in received it: its form fields or query, and whose Basic credentials it carried. */
export interface RecordedTwilioRequest {
  method: string;
  path: string;
  account_sid: string | null;
  params: Record<string, string>;
}

/** A refusal the next matching request gets, as Twilio answers one: its HTTP status, error code and message. */
export interface TwilioRefusal {
  status: number;
  code: number;
  message: string;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const rfc2822 = () => new Date().toUTCString().replace('GMT', '+0000');

/**
 * A local stand-in of exactly the Twilio endpoints the SMS channel calls, shaped from Twilio's
 * published API reference (Programmable Messaging's Message resource, AvailablePhoneNumber Local,
 * IncomingPhoneNumber, Verify v2 Verification and VerificationCheck): form-encoded requests,
 * HTTP Basic with the account SID and auth token, JSON answers in snake_case, refusals as
 * `{code, message, more_info, status}`. Started by a test, which points TWILIO_API_BASE at it.
 */
export class TwilioStandIn {
  readonly requests: RecordedTwilioRequest[] = [];
  /** The code each number's pending Verify verification expects; what Twilio would text the person. */
  readonly verifyCodes = new Map<string, string>();
  private readonly refusals: { path: RegExp; refusal: TwilioRefusal }[] = [];
  private server: Server | undefined;

  /** @param accounts auth token by account SID: a request with other credentials is refused 401, error 20003. */
  constructor(private readonly accounts: ReadonlyMap<string, string>) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => (this.server ? this.server.close((error) => (error ? reject(error) : resolve())) : resolve()));
  }

  /** The next request whose path matches gets this refusal instead of its answer. */
  refuseNext(path: RegExp, refusal: TwilioRefusal): void {
    this.refusals.push({ path, refusal });
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(request.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
    const params = Object.fromEntries(form.entries());
    const accountSid = this.authenticated(request.headers.authorization);
    this.requests.push({ method: request.method ?? '', path: url.pathname, account_sid: accountSid, params });
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const refuse = ({ status, code, message }: TwilioRefusal) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    if (!accountSid) return refuse({ status: 401, code: 20003, message: 'Authenticate' });
    const refused = this.refusals.findIndex(({ path }) => path.test(url.pathname));
    if (refused !== -1) return refuse(this.refusals.splice(refused, 1)[0]!.refusal);

    const route = `${request.method} ${url.pathname}`;
    let match: RegExpMatchArray | null;
    if ((match = route.match(/^POST \/2010-04-01\/Accounts\/(AC\w+)\/Messages\.json$/)) && match[1] === accountSid) {
      if (!E164.test(params['To'] ?? '')) return refuse({ status: 400, code: 21211, message: `Invalid 'To' Phone Number: ${params['To'] ?? ''}` });
      if (!params['Body']) return refuse({ status: 400, code: 21602, message: 'Message body is required.' });
      return send(201, this.message(accountSid, params));
    }
    if ((match = route.match(/^GET \/2010-04-01\/Accounts\/(AC\w+)\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/)) && match[1] === accountSid) {
      return send(200, {
        available_phone_numbers: this.availableNumbers(match[2]!, params['AreaCode'] ?? '555', Number(params['PageSize'] ?? 3)),
        uri: url.pathname,
      });
    }
    if ((match = route.match(/^POST \/2010-04-01\/Accounts\/(AC\w+)\/IncomingPhoneNumbers\.json$/)) && match[1] === accountSid) {
      if (!E164.test(params['PhoneNumber'] ?? '')) return refuse({ status: 400, code: 21421, message: 'PhoneNumber is invalid' });
      return send(201, {
        sid: sid('PN'),
        account_sid: accountSid,
        phone_number: params['PhoneNumber'],
        friendly_name: params['PhoneNumber'],
        sms_url: params['SmsUrl'] ?? '',
        sms_method: params['SmsMethod'] ?? 'POST',
        capabilities: { voice: true, sms: true, mms: true, fax: false },
        status: 'in-use',
        date_created: rfc2822(),
        date_updated: rfc2822(),
        api_version: '2010-04-01',
      });
    }
    if ((match = route.match(/^POST \/v2\/Services\/(VA\w+)\/Verifications$/))) {
      const to = params['To'] ?? '';
      if (!E164.test(to)) return refuse({ status: 400, code: 60200, message: 'Invalid parameter `To`' });
      this.verifyCodes.set(to, String(100_000 + Math.floor(Math.random() * 900_000)));
      return send(201, this.verification(accountSid, match[1]!, to, params['Channel'] ?? 'sms', 'pending'));
    }
    if ((match = route.match(/^POST \/v2\/Services\/(VA\w+)\/VerificationCheck$/))) {
      const to = params['To'] ?? '';
      const expected = this.verifyCodes.get(to);
      if (!expected) return refuse({ status: 404, code: 20404, message: `The requested resource /Services/${match[1]}/VerificationCheck was not found` });
      const approved = params['Code'] === expected;
      if (approved) this.verifyCodes.delete(to);
      return send(200, this.verification(accountSid, match[1]!, to, 'sms', approved ? 'approved' : 'pending'));
    }
    return refuse({ status: 404, code: 20404, message: `The requested resource ${url.pathname} was not found` });
  }

  private authenticated(authorization: string | undefined): string | null {
    if (!authorization?.startsWith('Basic ')) return null;
    const [user = '', password = ''] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    return this.accounts.get(user) === password ? user : null;
  }

  private message(accountSid: string, params: Record<string, string>) {
    const messageSid = sid('SM');
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: params['Body'],
      date_created: rfc2822(),
      date_sent: null,
      date_updated: rfc2822(),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: params['From'],
      messaging_service_sid: null,
      num_media: '0',
      num_segments: String(Math.max(1, Math.ceil((params['Body'] ?? '').length / 153))),
      price: null,
      price_unit: 'USD',
      sid: messageSid,
      status: 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${messageSid}/Media.json` },
      to: params['To'],
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${messageSid}.json`,
    };
  }

  private availableNumbers(country: string, areaCode: string, count: number) {
    return Array.from({ length: Math.min(Math.max(count, 1), 30) }, (_, index) => {
      const line = String(1000 + index).padStart(4, '0');
      return {
        friendly_name: `(${areaCode}) 555-${line}`,
        phone_number: `+1${areaCode}555${line}`,
        lata: '722',
        locality: 'Springfield',
        rate_center: 'SPRINGFIELD',
        latitude: '37.210000',
        longitude: '-93.290000',
        region: 'MO',
        postal_code: '65801',
        iso_country: country,
        address_requirements: 'none',
        beta: false,
        capabilities: { voice: true, SMS: true, MMS: true },
      };
    });
  }

  private verification(accountSid: string, serviceSid: string, to: string, channel: string, status: 'pending' | 'approved') {
    return {
      sid: sid('VE'),
      service_sid: serviceSid,
      account_sid: accountSid,
      to,
      channel,
      status,
      valid: status === 'approved',
      date_created: new Date().toISOString(),
      date_updated: new Date().toISOString(),
    };
  }
}
