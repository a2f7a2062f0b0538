import { withWebScheme } from './web-address';

test('only a bare host and path get https://: other schemes and words are left for the contract to judge', () => {
  const guesses = [
    'example.com',
    'example.com:8080/a',
    'http://example.com',
    'javascript:alert(1)',
    'data:text/html,x',
    'a@b.com',
    'menu',
    'two words.com',
  ].map(withWebScheme);
  expect(guesses).toEqual([
    'https://example.com',
    'https://example.com:8080/a',
    'http://example.com',
    'javascript:alert(1)',
    'data:text/html,x',
    'a@b.com',
    'menu',
    'two words.com',
  ]);
});
