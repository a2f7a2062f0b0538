import {
  AppleDevicePath,
  AppleLogBody,
  ApplePassPath,
  AppleRegistrationBody,
  AppleRegistrationPath,
  AppleSerialsQuery,
  AppleSerialsView,
  PKPASS_MEDIA_TYPE,
} from '@qr/contracts';
import { z } from 'zod';
import { body, json, type ApiPaths } from '../../http/openapi';

const ApplePassAuthorization = z.object({
  authorization: z.string().meta({ description: '`ApplePass <token>`: the pass’s `authenticationToken` from its pass.json.' }),
});
const none = (description: string) => ({ description });

/** Apple's PassKit web service, the routes Wallet calls at a pass's `webServiceURL` (PASS_BASE_URL/v1). */
export function registerPassKitPaths({ open }: ApiPaths): void {
  const device = open('passes', '/pass-service/v1/devices', [400, 401, 404, 500]);
  device(
    'post',
    '/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}',
    'Register a device for a pass’s update pushes (Wallet calls this when the pass is added)',
    { 201: none('Registered'), 200: none('Already registered: its push token is kept as given') },
    { params: AppleRegistrationPath, headers: ApplePassAuthorization, body: body(AppleRegistrationBody) },
  );
  device(
    'delete',
    '/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}',
    'Unregister a device from a pass’s updates (Wallet calls this when the pass is removed)',
    { 200: none('Unregistered') },
    { params: AppleRegistrationPath, headers: ApplePassAuthorization },
  );
  open('passes', '/pass-service/v1/devices', [400, 404, 500])(
    'get',
    '/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}',
    'The serial numbers of the device’s passes of this type changed after `passesUpdatedSince`, with the tag to send next time',
    { 200: json('Changed passes', AppleSerialsView), 204: none('None changed') },
    { params: AppleDevicePath, query: AppleSerialsQuery },
  );
  open('passes', '/pass-service/v1/passes', [400, 401, 404, 409, 500])(
    'get',
    '/{passTypeIdentifier}/{serialNumber}',
    'The pass’s newest version, signed; 304 when unchanged since `If-Modified-Since`',
    {
      200: {
        description: 'The signed pass, with Last-Modified',
        content: { [PKPASS_MEDIA_TYPE]: { schema: z.string().meta({ format: 'binary' }) } },
      },
      304: none('Not changed since If-Modified-Since'),
    },
    { params: ApplePassPath, headers: ApplePassAuthorization.extend({ 'if-modified-since': z.string().optional() }) },
  );
  open('passes', '/pass-service/v1', [400, 500])(
    'post',
    '/log',
    'Wallet’s log messages about the service’s passes',
    { 200: none('Logged') },
    { body: body(AppleLogBody) },
  );
}
