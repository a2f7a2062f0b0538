// What other features use of messaging: a landing page's "Get notifications", and the push send
// with the spec's result texts for the admin's push screen.
export { PushOptIn } from './visitor/push-opt-in';
export { sendPush, type PushSendResult } from './push-api';
