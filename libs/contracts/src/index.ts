export * from './errors';
export * from './health';
export * from './identity';
export * from './qr-design';
export * from './codes';
export * from './auth-config';
export * from './qr-design-presets';
export * from './public-codes';
