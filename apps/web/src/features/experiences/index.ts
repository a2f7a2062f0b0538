// What other features use of experiences: a page's event data form, the checks and guard of a
// visitor's landing page, and the device's position a visitor's page may ask for.
export { devicePosition, GEOLOCATION_UNSUPPORTED, type DevicePosition, type PositionAnswer } from './device-position';
export { EventAccessGuard } from './event-access-guard';
export { PageEventDataForm } from './page-event-data-form';
export { publicEventChecks } from './public-event-checks';
