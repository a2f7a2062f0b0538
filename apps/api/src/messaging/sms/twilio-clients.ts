import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '@qr/platform';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type TwilioResponse from 'twilio/lib/http/response';
import { CONFIG } from '../../infrastructure';
import type { TwilioSettings } from '../messaging-connections';

/**
 * Sends every request of the SDK to one base URL instead of api.twilio.com and verify.twilio.com,
 * keeping the path: the SDK's own documented seam for changing its requests is a custom
 * `httpClient` (twilio-node, advanced-examples/custom-http-client.md). Used only with
 * TWILIO_API_BASE, which tests point at their stand-in.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<TwilioResponse<TData>> {
    const { pathname, search } = new URL(opts.uri);
    return super.request({ ...opts, uri: `${this.base}${pathname}${search}` });
  }
}

/** A Twilio SDK client per organisation's account, through the stand-in when the configuration names one. */
@Injectable()
export class TwilioClients {
  private readonly base: string | undefined;

  constructor(@Inject(CONFIG) config: Config) {
    this.base = config.TWILIO_API_BASE?.replace(/\/+$/, '');
  }

  of(settings: TwilioSettings): twilio.Twilio {
    return twilio(settings.account_sid, settings.auth_token, this.base ? { httpClient: new RebasedRequestClient(this.base) } : {});
  }
}

export interface TwilioFailure {
  /** What Twilio said, with its error code, for the delivery's reason and the staff's screen. */
  reason: string;
  /** A rate limit, Twilio's own fault or no answer: worth another attempt later. */
  retry: boolean;
}

/**
 * What a failed SDK call means. Twilio answers a refusal with its status and a JSON body of `code`
 * and `message` (the SDK's RestException); 4xx but 429 is final (an invalid or unreachable number,
 * 21211, 21610 for one that texted STOP), while 429, 5xx and no answer at all may pass.
 */
export function twilioFailure(error: unknown): TwilioFailure {
  if (error instanceof twilio.RestException) {
    const reason = error.code ? `${error.message} (Twilio error ${error.code})` : error.message;
    return { reason, retry: error.status === 429 || error.status >= 500 };
  }
  return { reason: `Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`, retry: true };
}
