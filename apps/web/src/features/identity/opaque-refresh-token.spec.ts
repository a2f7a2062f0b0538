import { unwrapRefreshToken, wrapRefreshToken } from './opaque-refresh-token';

test('an opaque refresh token travels in a JWT-shaped envelope keycloak-js can decode, and comes out unchanged', () => {
  const wrapped = wrapRefreshToken('Xy12_opaque-token');
  const [, payload = ''] = wrapped.split('.');
  expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({});
  expect(unwrapRefreshToken(wrapped)).toBe('Xy12_opaque-token');
});

test('a refresh token that already is a JWT is left alone', () => {
  expect(wrapRefreshToken('a.b.c')).toBe('a.b.c');
  expect(unwrapRefreshToken('a.b.c')).toBe('a.b.c');
});
